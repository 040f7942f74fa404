import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { allResources, setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { renderApp } from '../../../../test/render.tsx';
import PublicPolicyPage, { contentOf, PUBLIC_PAGES } from './public-policy-page.tsx';

const FO = '/app/caraxes/public/policies/fo/:type';

describe('public policy pages', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.clearSession();
  });

  it('shows the damage and shortage policy without a login, in English and in Hindi', async () => {
    const { user } = renderApp(<PublicPolicyPage />, { route: '/app/caraxes/public/policies/fo/damage-shortage-policy', path: FO });
    expect(await screen.findByRole('heading', { name: 'Damage and shortage policy' })).toBeInTheDocument();
    expect(screen.getByText(/must be written on the proof of delivery/)).toBeInTheDocument();
    await user.click(screen.getByText('हिंदी'));
    expect(await screen.findByRole('heading', { name: 'नुकसान और कमी नीति' })).toBeInTheDocument();
  });

  it('the token refund policy states the rule the token cancel applies (ADR 025)', async () => {
    renderApp(<PublicPolicyPage />, { route: '/public/policies/token-refund', path: '/public/policies/:type' });
    expect(await screen.findByText(/at least 24 hours before the loading time, the whole token is refunded/)).toBeInTheDocument();
    expect(screen.getByText(/50% of the token is refunded/)).toBeInTheDocument();
  });

  it('addresses each privacy page to its audience and says so for an unknown page', async () => {
    renderApp(<PublicPolicyPage />, { route: '/public/policies/privacy-pump', path: '/public/policies/:type' });
    expect(await screen.findByRole('heading', { name: 'Privacy policy for fuel pump partners' })).toBeInTheDocument();
    expect(contentOf('nope')).toBeUndefined();
  });

  it('has a title and a body in both languages for every public page', async () => {
    const resources = await allResources();
    for (const lang of ['en', 'hi'] as const) {
      const account = resources[lang]?.account as { policies?: Record<string, { title?: string; body?: string[] }> } | undefined;
      const policies = account?.policies ?? {};
      for (const type of PUBLIC_PAGES) {
        const c = contentOf(type);
        expect(c, type).toBeDefined();
        expect(policies[c!.key]?.title, `${lang} ${type}`).toBeTruthy();
        expect(policies[c!.key]?.body?.length, `${lang} ${type}`).toBeGreaterThan(0);
      }
    }
  });
});
