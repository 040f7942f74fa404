import { gstinCheckChar } from '@bhada/contracts/account/account';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import OperatorProfilePage from './operator-profile-page.tsx';

const server = setupMswServer();
const PAGE = '/web-view/operatorProfile';
const GSTIN = `08ABCDE1234F1Z${gstinCheckChar('08ABCDE1234F1Z')}`;

const profile = {
  operatorId: 'OP1',
  companyName: 'Sharma Roadlines',
  ownerName: 'Ramesh Sharma',
  phone: '9876543210',
  email: null,
  city: 'Jaipur',
  gstin: null,
  pan: null,
  bank: null,
  membership: { active: false, activeUntil: null },
  verification: 'PENDING',
  fleetSize: 3,
  operative: true,
  tdsDeclared: false,
  undertakingDeclared: false,
};

function serve() {
  const puts: unknown[] = [];
  server.use(
    mswHttp.get('*/api/rest/tesseract/v1/profile', () => HttpResponse.json(ok(profile))),
    mswHttp.put('*/api/rest/tesseract/v1/profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      return HttpResponse.json(
        ok({
          ...profile,
          ...body,
          bank: { accountName: 'Sharma Roadlines', accountNumberMasked: 'XXXXXXXX7890', ifsc: 'SBIN0001234' },
          verification: 'VERIFIED',
        }),
      );
    }),
  );
  return puts;
}

describe('operator profile', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('shows the company, its verification, fleet and the TDS state', async () => {
    serve();
    renderApp(<OperatorProfilePage />, { route: PAGE, path: PAGE });
    expect(await screen.findByRole('heading', { name: 'Sharma Roadlines' })).toBeInTheDocument();
    expect(screen.getByText('Verification pending')).toBeInTheDocument();
    expect(screen.getByText(/3 vehicles/)).toBeInTheDocument();
    expect(screen.getByText('No TDS declaration for this year')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TDS declaration' })).toHaveAttribute('href', '/web-view/operator-tds-declaration');
  });

  it('refuses a bad PAN, GSTIN and IFSC before sending anything, in English and in Hindi', async () => {
    const puts = serve();
    const { user } = renderApp(<OperatorProfilePage />, { route: PAGE, path: PAGE });
    await user.type(await screen.findByLabelText('PAN'), 'ABCD1234F');
    await user.type(
      screen.getByLabelText('GSTIN'),
      '08ABCDE1234F1ZQ'.slice(0, 14) + (gstinCheckChar('08ABCDE1234F1Z') === 'Q' ? 'R' : 'Q'),
    );
    await user.type(screen.getByLabelText('IFSC'), 'SBIN1001234');
    await user.type(screen.getByLabelText('Account holder name'), 'Sharma Roadlines');
    await user.type(screen.getByLabelText('Account number'), '001234567890');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter a valid PAN (5 letters, 4 digits, 1 letter, e.g. ABCDE1234F)')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid 15-character GSTIN (its last character is a check digit)')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid IFSC (4 letters, 0, then 6 letters or digits, e.g. SBIN0001234)')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await setLanguage('hi');
    await user.click(await screen.findByRole('button', { name: 'प्रोफ़ाइल सेव करें' }));
    expect(await screen.findByText('सही PAN डालें (5 अक्षर, 4 अंक, 1 अक्षर, जैसे ABCDE1234F)')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('saves valid details, upper-cased, and shows the masked account', async () => {
    const puts = serve();
    const { user } = renderApp(<OperatorProfilePage />, { route: PAGE, path: PAGE });
    await user.type(await screen.findByLabelText('PAN'), 'abcde1234f');
    await user.type(screen.getByLabelText('GSTIN'), GSTIN);
    await user.type(screen.getByLabelText('Account holder name'), 'Sharma Roadlines');
    await user.type(screen.getByLabelText('Account number'), '001234567890');
    await user.type(screen.getByLabelText('IFSC'), 'SBIN0001234');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      pan: 'abcde1234f',
      gstin: GSTIN,
      bank: { accountName: 'Sharma Roadlines', accountNumber: '001234567890', ifsc: 'SBIN0001234' },
    });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText(/XXXXXXXX7890/)).toBeInTheDocument();
  });
});
