import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { ShareConfirmation } from '../components/share-confirmation.tsx';
import { SharedFleetConfirmationPage } from './shared-fleet-confirmation-page.tsx';

const server = setupMswServer();
const PATH = '/public/fleet-load-confirmation';
const SIG = 'a'.repeat(64);

beforeEach(async () => {
  await setLanguage('en');
  window.localStorage.clear();
});

describe('shared fleet load confirmation (ADR 142)', () => {
  it('shows the load behind a signed link without a session, passing the link on as it came', async () => {
    const asked: Array<Record<string, string>> = [];
    server.use(
      mswHttp.get('*/api/public/fleet-load-confirmation', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        expect(request.headers.get('token')).toBeNull();
        return HttpResponse.json(
          ok({
            demandId: 'DM-1',
            laneName: 'Nagpur → Hyderabad',
            status: 'PAID',
            tripId: 'TRP-77',
            loadingAt: '2026-11-28T04:30:00.000Z',
            loadingTimeRemaining: 7200,
            vehicles: [{ vehicleNumber: 'MH40AB1234', vehicleType: '32 FT MXL Container' }],
            contact: { driverName: 'Prakash Meshram', driverNumber: '9822012345' },
            expiresAt: '2026-12-02T06:00:00.000Z',
          }),
        );
      }),
    );
    renderApp(<SharedFleetConfirmationPage />, { route: `${PATH}?demandId=DM-1&exp=1796000000&sig=${SIG}`, path: PATH });
    expect(await screen.findByRole('heading', { name: 'Trip confirmed' })).toBeInTheDocument();
    expect(screen.getByText('Nagpur → Hyderabad')).toBeInTheDocument();
    expect(screen.getByText('MH40AB1234 · 32 FT MXL Container')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Prakash Meshram/ })).toHaveAttribute('href', 'tel:9822012345');
    expect(asked[0]).toMatchObject({ demandId: 'DM-1', exp: '1796000000', sig: SIG });
  });

  it('says an old link expired and an altered one is not valid', async () => {
    server.use(
      mswHttp.get('*/api/public/fleet-load-confirmation', ({ request }) =>
        new URL(request.url).searchParams.get('demandId') === 'OLD'
          ? HttpResponse.json({ success: false, errorCode: 'SHARE_LINK_EXPIRED', message: 'expired' }, { status: 410 })
          : HttpResponse.json({ success: false, errorCode: 'SHARE_LINK_INVALID', message: 'invalid' }, { status: 404 }),
      ),
    );
    const old = renderApp(<SharedFleetConfirmationPage />, { route: `${PATH}?demandId=OLD&exp=1&sig=${SIG}`, path: PATH });
    expect(await screen.findByText('This link has expired. Ask the operator for a new one.')).toBeInTheDocument();
    old.unmount();
    renderApp(<SharedFleetConfirmationPage />, { route: `${PATH}?demandId=DM-2&exp=1&sig=${SIG}`, path: PATH });
    expect(await screen.findByText('This link is not valid. Ask the operator for a new one.')).toBeInTheDocument();
  });

  it('lets the operator make the link and copy it', async () => {
    window.localStorage.setItem('accessToken', 'tok');
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/token/DM-1/share-link', () =>
        HttpResponse.json(ok({ path: `${PATH}?demandId=DM-1&exp=1796000000&sig=${SIG}`, expiresAt: '2026-12-02T06:00:00.000Z' })),
      ),
    );
    const { user } = renderApp(<ShareConfirmation demandId="DM-1" />);
    await user.click(screen.getByRole('button', { name: 'Share this confirmation' }));
    expect(await screen.findByTestId('share-link')).toHaveValue(`${window.location.origin}${PATH}?demandId=DM-1&exp=1796000000&sig=${SIG}`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByText(/The link works until/)).toBeInTheDocument();
  });
});
