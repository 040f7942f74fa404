import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { PendingPoliciesPrompt } from './pending-policies-prompt.tsx';

const server = setupMswServer();

describe('policies to accept after login', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it('lists a new policy version and records the acceptance', async () => {
    const accepted: unknown[] = [];
    server.use(
      mswHttp.get('*/api/policy/pending', () =>
        HttpResponse.json(ok({ pending: accepted.length ? [] : [{ type: 'token-refund', version: 2 }] })),
      ),
      mswHttp.post('*/api/policy', async ({ request }) => {
        accepted.push(await request.json());
        return HttpResponse.json(ok({ type: 'token-refund', version: 2, accepted: true, acceptedAt: '2026-11-24T00:00:00.000Z' }));
      }),
    );
    const { user } = renderApp(<PendingPoliciesPrompt />);
    expect(await screen.findByRole('link', { name: 'Token refund policy' })).toHaveAttribute('href', '/public/policies/token-refund');
    expect(screen.getByText('Version 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have read and accept' }));
    await waitFor(() => expect(screen.queryByText('Token refund policy')).not.toBeInTheDocument());
    expect(accepted).toEqual([{ type: 'token-refund', version: 2 }]);
  });
});
