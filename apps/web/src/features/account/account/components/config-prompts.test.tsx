import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { VehicleAvailabilityCard, WarningBottomBanner } from './config-prompts.tsx';

const server = setupMswServer();

const config = (over: Record<string, unknown> = {}) => ({
  subscriptionAmountInPaisa: 99_900,
  subscriptionTitle: 'Bhada Membership',
  loadScreen: 'LIST',
  activeScreen: 2,
  walletRechargeSource: 'RAZORPAY',
  showWarningBottomBanner: true,
  buyGpsLink: '/web-view/buy-gps',
  feedBackWidget: true,
  show_vehicle_availability_card: true,
  ...over,
});
const profile = (verification: string) => ({
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
  verification,
  fleetSize: 3,
  operative: true,
  tdsDeclared: false,
  undertakingDeclared: false,
});

function serve(cfg: Record<string, unknown>, verification: string) {
  server.use(
    mswHttp.get('*/api/odin/operator-web/services/info/app-config', () => HttpResponse.json(ok(config(cfg)))),
    mswHttp.get('*/api/rest/tesseract/v1/profile', () => HttpResponse.json(ok(profile(verification)))),
  );
}

describe('what the app config turns on', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('the bottom banner asks an unverified operator to finish setting up', async () => {
    serve({}, 'PENDING');
    renderApp(<WarningBottomBanner />);
    expect(await screen.findByText(/Your account is not verified yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete setup' })).toHaveAttribute('href', '/web-view/onboarding-operator/OP1');
  });

  it('no banner for a verified operator, nor when the config turns it off', async () => {
    serve({}, 'VERIFIED');
    let verifiedAsked = false;
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/profile', () => {
        verifiedAsked = true;
        return HttpResponse.json(ok(profile('VERIFIED')));
      }),
    );
    const first = renderApp(<WarningBottomBanner />);
    await waitFor(() => expect(verifiedAsked).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Account not verified' })).not.toBeInTheDocument();
    first.unmount();
    let profileAsked = false;
    server.use(
      mswHttp.get('*/api/odin/operator-web/services/info/app-config', () =>
        HttpResponse.json(ok(config({ showWarningBottomBanner: false }))),
      ),
      mswHttp.get('*/api/rest/tesseract/v1/profile', () => {
        profileAsked = true;
        return HttpResponse.json(ok(profile('PENDING')));
      }),
    );
    renderApp(<WarningBottomBanner />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Your account is not verified yet/)).not.toBeInTheDocument();
    expect(profileAsked).toBe(false);
  });

  it('the vehicle availability card counts the free trucks, in Hindi too', async () => {
    server.use(
      mswHttp.get('*/api/odin/operator-web/services/info/show-vehicle-availability', () =>
        HttpResponse.json(ok({ show: true, totalVehicles: 5, freeVehicles: 2 })),
      ),
    );
    const view = renderApp(<VehicleAvailabilityCard />);
    expect(await screen.findByText('2 of your 5 trucks have no running trip.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find loads for them' })).toHaveAttribute('href', '/web-view/active-loads');
    view.unmount();
    await setLanguage('hi');
    renderApp(<VehicleAvailabilityCard />);
    expect(await screen.findByText('आपके 5 ट्रकों में से 2 किसी चालू ट्रिप पर नहीं हैं।')).toBeInTheDocument();
  });

  it('no card when the config hides it', async () => {
    let asked = false;
    server.use(
      mswHttp.get('*/api/odin/operator-web/services/info/show-vehicle-availability', () => {
        asked = true;
        return HttpResponse.json(ok({ show: false, totalVehicles: 5, freeVehicles: 2 }));
      }),
    );
    renderApp(<VehicleAvailabilityCard />);
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Trucks free for a load' })).not.toBeInTheDocument();
  });
});
