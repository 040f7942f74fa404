import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import TdsDeclarationPage, { istToday } from './tds-declaration-page.tsx';

const server = setupMswServer();
const PAGE = '/web-view/operator-tds-declaration';
const TDS = '*/api/odin/operator-app/v1/profile/tds-declaration';

const profile = {
  operatorId: 'OP1',
  companyName: 'Sharma Roadlines',
  ownerName: 'Ramesh Sharma',
  phone: '9876543210',
  email: null,
  city: 'Jaipur',
  gstin: null,
  pan: 'ABCPK1234Q',
  bank: null,
  membership: { active: false, activeUntil: null },
  verification: 'PENDING',
  fleetSize: 2,
  operative: true,
  tdsDeclared: false,
  undertakingDeclared: false,
};
const DECLARATION = {
  id: 'TDS1',
  kind: 'TDS_DECLARATION',
  name: 'Ramesh Sharma',
  fatherName: 'Suresh Sharma',
  panNumber: 'ABCPK1234Q',
  street: '12 Transport Nagar',
  city: 'Jaipur',
  state: 'Rajasthan',
  pinCode: '302003',
  number: '9876543210',
  opCode: 'OP1',
  vehicleNumber: ['RJ14GB1234'],
  currentDate: '2026-11-20',
  startDate: '2026-04-01',
  endDate: '2027-03-31',
  financialYear: '2026-27',
  status: 'ACTIVE',
  createdAt: '2026-11-20T10:00:00.000Z',
  pdfPath: '/api/odin/operator-app/v1/profile/tds-declaration/TDS1/pdf',
};
const empty = { tdsDeclared: false, undertakingDeclared: false, declarations: [] };

function serve(answer: 'OK' | 'OVERLAP') {
  const posts: Array<Record<string, unknown>> = [];
  let filed = false;
  server.use(
    mswHttp.get('*/api/rest/tesseract/v1/profile', () => HttpResponse.json(ok(profile))),
    mswHttp.get('*/api/supply/operator/undertaking', () => HttpResponse.json(ok(empty))),
    mswHttp.get(TDS, () =>
      HttpResponse.json(
        ok(
          filed
            ? {
                tdsDeclared: true,
                undertakingDeclared: false,
                declarations: [
                  {
                    ...DECLARATION,
                    id: 'TDS1',
                    kind: 'TDS_DECLARATION',
                    name: 'Ramesh Sharma',
                    fatherName: 'Suresh Sharma',
                    panNumber: 'ABCPK1234Q',
                    street: '12 Transport Nagar',
                    city: 'Jaipur',
                    state: 'Rajasthan',
                    pinCode: '302003',
                    number: '9876543210',
                    opCode: 'OP1',
                    vehicleNumber: ['RJ14GB1234'],
                    currentDate: '2026-11-20',
                    startDate: '2026-04-01',
                    endDate: '2027-03-31',
                    financialYear: '2026-27',
                    status: 'ACTIVE',
                    createdAt: '2026-11-20T10:00:00.000Z',
                    pdfPath: '/api/odin/operator-app/v1/profile/tds-declaration/TDS1/pdf',
                  },
                ],
              }
            : empty,
        ),
      ),
    ),
    mswHttp.post(TDS, async ({ request }) => {
      posts.push((await request.json()) as Record<string, unknown>);
      if (answer === 'OVERLAP') {
        return HttpResponse.json(
          { success: false, message: 'A declaration already covers part of this period', errorCode: 'CONFLICT', field: 'startDate' },
          { status: 409 },
        );
      }
      filed = true;
      return HttpResponse.json(ok(DECLARATION));
    }),
  );
  return posts;
}

async function fill(user: ReturnType<typeof renderApp>['user']) {
  await waitFor(() => expect(screen.getByLabelText('PAN')).toHaveValue('ABCPK1234Q'));
  await user.type(screen.getByLabelText("Father's name"), 'Suresh Sharma');
  await user.type(screen.getByLabelText('Street address'), '12 Transport Nagar');
  await user.type(screen.getByLabelText('State'), 'Rajasthan');
  await user.type(screen.getByLabelText('PIN code'), '302003');
  await user.type(screen.getByLabelText('Vehicle numbers (up to 10)'), 'RJ14 GB 1234');
}

describe('TDS declaration page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('files the declaration with the owner details filled in, then shows it in force with its PDF', async () => {
    const posts = serve('OK');
    const { user } = renderApp(<TdsDeclarationPage />, { route: PAGE, path: PAGE });
    expect(await screen.findByText('No TDS declaration in force')).toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign and submit declaration' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      name: 'Ramesh Sharma',
      panNumber: 'ABCPK1234Q',
      number: '9876543210',
      city: 'Jaipur',
      vehicleNumber: ['RJ14 GB 1234'],
      currentDate: istToday(),
    });
    expect(await screen.findByText('TDS declaration in force')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('offers no future signing date in its picker, and shows the server message on a failure', async () => {
    const posts = serve('OVERLAP');
    const { user } = renderApp(<TdsDeclarationPage />, { route: PAGE, path: PAGE });
    await fill(user);
    const date = screen.getByRole('button', { name: 'Date of signing' });
    // the spec's format, MM/dd/yyyy
    const [y, m, d] = istToday().split('-');
    expect(date).toHaveTextContent(`${m}/${d}/${y}`);
    await user.click(date);
    // each day is labelled with its full date ("26 November 2026"), so days of the next month count too
    const today = Date.UTC(Number(y), Number(m) - 1, Number(d));
    const days = within(screen.getByRole('table')).getAllByRole('button');
    for (const day of days) {
      const at = new Date(`${day.getAttribute('aria-label')} UTC`).getTime();
      if (at > today) expect(day).toBeDisabled();
      else if (at === today) expect(day).toBeEnabled();
    }
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Sign and submit declaration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A declaration already covers part of this period');
    expect(posts).toHaveLength(1);
  });
});
