import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { CancelToken } from './cancel-token.tsx';

const server = setupMswServer();
const V1 = '*/api/rest/tesseract/v1/token';

beforeEach(async () => {
  await setLanguage('en');
  window.localStorage.clear();
  storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
});

describe('cancel a paid token', () => {
  it('shows the refund it will get, cancels once with one idempotency key and shows what came back', async () => {
    const keys: Array<string | null> = [];
    server.use(
      mswHttp.get(`${V1}/D1/cancel-preview`, () =>
        HttpResponse.json(ok({ allowed: true, tokenAmount: 5000, refundAmount: 2500, keptAmount: 2500, rule: 'LATE' })),
      ),
      mswHttp.post(`${V1}/D1/cancel`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(
          ok({ status: 'CANCELLED', refundAmount: 2500, keptAmount: 2500, balanceInPaisa: 250000 }, 'Token cancelled'),
        );
      }),
    );
    const { user } = renderApp(<CancelToken demandId="D1" status="PAID" />);
    await user.click(screen.getByRole('button', { name: 'Cancel token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this token?' });
    expect(await within(dialog).findByTestId('token-refund-preview')).toHaveTextContent('You will get ₹2,500 back of your ₹5,000 token.');
    expect(within(dialog).getByText(/₹2,500 is kept as the cancellation fee/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByTestId('token-cancelled')).toHaveTextContent('Token cancelled. ₹2,500 is back in your wallet.');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel token' })).not.toBeInTheDocument();
  });

  it('refuses to offer the cancel once the trip has started, and is absent before the token is paid', async () => {
    server.use(
      mswHttp.get(`${V1}/D2/cancel-preview`, () =>
        HttpResponse.json(ok({ allowed: false, tokenAmount: 5000, refundAmount: 0, keptAmount: 0, rule: 'NONE' })),
      ),
    );
    const unpaid = renderApp(<CancelToken demandId="D2" status="INITIATED" />);
    expect(screen.queryByRole('button', { name: 'Cancel token' })).not.toBeInTheDocument();
    unpaid.unmount();
    const { user } = renderApp(<CancelToken demandId="D2" status="PAID" />);
    await user.click(screen.getByRole('button', { name: 'Cancel token' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This token can no longer be cancelled: the trip has started.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel and refund' })).toBeDisabled());
  });

  it('speaks Hindi', async () => {
    await setLanguage('hi');
    server.use(
      mswHttp.get(`${V1}/D3/cancel-preview`, () =>
        HttpResponse.json(ok({ allowed: true, tokenAmount: 5000, refundAmount: 5000, keptAmount: 0, rule: 'FULL' })),
      ),
    );
    const { user } = renderApp(<CancelToken demandId="D3" status="PAID" />);
    await user.click(screen.getByRole('button', { name: 'टोकन रद्द करें' }));
    expect(await screen.findByText(/पूरा टोकन आपके वॉलेट में वापस आएगा/)).toBeInTheDocument();
  });
});
