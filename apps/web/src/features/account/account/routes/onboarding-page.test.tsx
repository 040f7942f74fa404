import { screen } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import OnboardingPage from './onboarding-page.tsx';

const server = setupMswServer();
const PATH = '/web-view/onboarding-operator/:id';
const profile = {
  operatorId: 'OP1',
  companyName: 'Sharma Roadlines',
  ownerName: 'Ramesh Sharma',
  phone: '9876543210',
  email: 'owner@sharma.in',
  city: 'Jaipur',
  gstin: null,
  pan: 'ABCPK1234Q',
  bank: { accountName: 'Sharma Roadlines', accountNumberMasked: 'XXXXXXXX7890', ifsc: 'SBIN0001234' },
  membership: { active: false, activeUntil: null },
  verification: 'VERIFIED',
  fleetSize: 2,
  operative: true,
  tdsDeclared: true,
  undertakingDeclared: false,
};
const declared = { tdsDeclared: true, undertakingDeclared: false, declarations: [] };

function serve(pending: Array<{ type: string; version: number }>) {
  server.use(
    mswHttp.get('*/api/rest/tesseract/v1/profile', () => HttpResponse.json(ok(profile))),
    mswHttp.get('*/api/odin/operator-app/v1/profile/tds-declaration', () => HttpResponse.json(ok(declared))),
    mswHttp.get('*/api/supply/operator/undertaking', () => HttpResponse.json(ok(declared))),
    mswHttp.get('*/api/policy/pending', () => HttpResponse.json(ok({ pending }))),
  );
}

describe('operator onboarding', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('resumes at the first step not done: the policies', async () => {
    serve([{ type: 'terms-of-use', version: 1 }]);
    renderApp(<OnboardingPage />, { route: '/web-view/onboarding-operator/OP1', path: PATH });
    expect(await screen.findByText('Policies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/public/policies');
    expect(screen.queryByText('All steps done')).not.toBeInTheDocument();
  });

  it('says the account is verified once every step is done', async () => {
    serve([]);
    renderApp(<OnboardingPage />, { route: '/web-view/onboarding-operator/OP1', path: PATH });
    expect(await screen.findByText('All steps done')).toBeInTheDocument();
    expect(screen.getByText('Your account is verified. You can take loads and get paid.')).toBeInTheDocument();
  });

  it('refuses a link for another company', async () => {
    serve([]);
    renderApp(<OnboardingPage />, { route: '/web-view/onboarding-operator/OP9', path: PATH });
    expect(await screen.findByText('This onboarding link is for another company.')).toBeInTheDocument();
  });
});
