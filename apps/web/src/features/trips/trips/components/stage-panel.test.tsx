import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { StagePanel } from './stage-panel.tsx';

const server = setupMswServer();

const widget = {
  tripId: 'T1',
  state: 'REACHED_LOADING' as const,
  heading: 'At the loading point',
  description: 'After loading, ask the consigner for the loading OTP.',
  nextAction: { toState: 'LOADED' as const, label: 'Enter loading OTP', requiresOtp: true, otpStage: 'LOADING' as const },
  redirectUrl: null,
};

describe('stage OTP entry', () => {
  let bodies: unknown[] = [];
  beforeEach(async () => {
    await setLanguage('en');
    window.localStorage.clear();
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
    bodies = [];
  });

  it('sends the code to the masked contact, and a 422 shows the specific message', async () => {
    server.use(
      mswHttp.post('*/api/rest/tesseract/v1/trip/otp', async ({ request }) => {
        const body = (await request.json()) as { otp?: string };
        bodies.push(body);
        if (!body.otp)
          return HttpResponse.json(ok({ sent: true, verified: false, sentTo: 'XXXXXX0101', expiresInSeconds: 600, widget: null }));
        return HttpResponse.json(
          { success: false, message: 'The loading OTP is not correct. 4 tries left.', errorCode: 'TRIP_OTP_INVALID' },
          { status: 422 },
        );
      }),
    );
    const { user } = renderApp(<StagePanel tripId="T1" state="REACHED_LOADING" widget={widget} />);
    await user.click(screen.getByRole('button', { name: 'Enter loading OTP' }));
    await user.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(/XXXXXX0101/)).toBeInTheDocument();

    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('123456');
    await waitFor(() => expect(verify).toBeEnabled());
    await user.click(verify);

    expect(await screen.findByRole('alert')).toHaveTextContent('The loading OTP is not correct. 4 tries left.');
    expect(bodies).toEqual([
      { tripId: 'T1', stage: 'LOADING' },
      { tripId: 'T1', stage: 'LOADING', otp: '123456' },
    ]);
    // the code is cleared for another try
    await waitFor(() => expect(verify).toBeDisabled());
  });
});
