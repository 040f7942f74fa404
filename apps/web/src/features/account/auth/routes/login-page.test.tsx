import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const server = setupMswServer();

describe('login page', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('sends a code, verifies it, stores the session and opens the home of the menu type', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.post('*/api/auth/otp', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          ok(
            { sent: true, expiresInSeconds: 300, requestId: 'OTP-0000000001', resendAfterSeconds: 30 },
            'If this number is registered, a code has been sent to it.',
          ),
        );
      }),
      mswHttp.post('*/api/auth/verify', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          ok({ accessToken: 'tok-abc', userCode: 'U1', operatorId: 'OP1001', name: 'Ravi Transport', locale: 'en', menuType: 'OPERATOR' }),
        );
      }),
    );
    const { user } = renderApp(<LoginPage />, { route: '/operatorlogin', path: '/operatorlogin' });

    expect(screen.getByText('Demo accounts: use code 123456')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile number'), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('Enter the code we sent to +91 9876543210.')).toBeInTheDocument();
    await user.keyboard('123456');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/home'));
    expect(bodies).toEqual([{ phone: '9876543210' }, { phone: '9876543210', otp: '123456' }]);
    expect(storage.get('accessToken')).toBe('tok-abc');
    expect(storage.get('userCode')).toBe('U1');
    expect(storage.get('operatorId')).toBe('OP1001');
    expect(storage.get('name')).toBe('Ravi Transport');
    expect(storage.get('menuType')).toBe('OPERATOR');
    expect(storage.get('locale')).toBe('en');
  });

  it("shows the server's message when the code is wrong and stays on the page", async () => {
    server.use(
      mswHttp.post('*/api/auth/otp', () =>
        HttpResponse.json(ok({ sent: true, expiresInSeconds: 300, requestId: 'OTP-0000000001', resendAfterSeconds: 30 })),
      ),
      mswHttp.post('*/api/auth/verify', () =>
        HttpResponse.json(
          { success: false, message: 'The code is wrong or has expired. Please check it or ask for a new one.', errorCode: 'OTP_INVALID' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(<LoginPage />, { route: '/operatorlogin', path: '/operatorlogin' });

    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/Enter the code we sent/);
    await user.keyboard('111111');

    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired.');
    expect(storage.get('accessToken')).toBeUndefined();
    expect(screen.getByTestId('location')).toHaveTextContent('/operatorlogin');
  });

  it('sends a consigner to the consigner vehicles page', async () => {
    server.use(
      mswHttp.post('*/api/auth/otp', () =>
        HttpResponse.json(ok({ sent: true, expiresInSeconds: 300, requestId: 'OTP-0000000001', resendAfterSeconds: 30 })),
      ),
      mswHttp.post('*/api/auth/verify', () =>
        HttpResponse.json(
          ok({ accessToken: 't', userCode: 'C1', operatorId: null, name: 'Shree Cement', locale: 'hi', menuType: 'CONSIGNER' }),
        ),
      ),
    );
    const { user } = renderApp(<LoginPage />, { route: '/operatorlogin', path: '/operatorlogin' });
    await user.type(screen.getByLabelText('Mobile number'), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/Enter the code we sent/);
    await user.keyboard('123456');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/consigner/vehicles'));
    expect(storage.get('operatorId')).toBeUndefined();
  });

  it('shows how far the code has got, polled from its request: sent, then delivered', async () => {
    const states = ['sent', 'delivered'];
    const asked: string[] = [];
    server.use(
      mswHttp.post('*/api/auth/otp', () =>
        HttpResponse.json(ok({ sent: true, expiresInSeconds: 300, requestId: 'OTP-00000000AB', resendAfterSeconds: 30 })),
      ),
      mswHttp.get('*/api/auth/otp/:id/delivery', ({ params }) => {
        asked.push(String(params.id));
        const state = states.shift() ?? 'delivered';
        return HttpResponse.json(ok({ state, channel: 'sms', whatsappOffered: false, resendAfterSeconds: 20 }));
      }),
    );
    const { user } = renderApp(<LoginPage />, { route: '/operatorlogin', path: '/operatorlogin' });
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Code sent. Waiting for your phone to receive it.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await screen.findByText('Code delivered to your phone.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(asked.every((id) => id === 'OTP-00000000AB')).toBe(true);
  });

  it('says in Hindi when the code was not delivered, and offers WhatsApp when the server does', async () => {
    await setLanguage('hi');
    server.use(
      mswHttp.post('*/api/auth/otp', () =>
        HttpResponse.json(ok({ sent: true, expiresInSeconds: 300, requestId: 'OTP-00000000AC', resendAfterSeconds: 30 })),
      ),
      mswHttp.get('*/api/auth/otp/:id/delivery', () =>
        HttpResponse.json(ok({ state: 'not_delivered', channel: 'sms', whatsappOffered: true, resendAfterSeconds: 0 })),
      ),
    );
    const { user } = renderApp(<LoginPage />, { route: '/operatorlogin', path: '/operatorlogin' });
    await user.type(screen.getByLabelText('मोबाइल नंबर'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    expect(await screen.findByText('कोड नहीं पहुँचा। नंबर जाँचें या नया कोड मँगाएँ।', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('SMS नहीं पहुँचा। आप कोड व्हाट्सऐप पर भी पा सकते हैं।')).toBeInTheDocument();
  });
});
