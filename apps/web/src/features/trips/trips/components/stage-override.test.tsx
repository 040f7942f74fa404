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
  state: 'IN_TRANSIT' as const,
  heading: 'In transit',
  description: 'The truck is on the way.',
  nextAction: { toState: 'REACHED_UNLOADING' as const, label: 'Reached unloading point', requiresOtp: false, otpStage: null },
  redirectUrl: null,
};
const TOO_FAR = 'The truck is 557 km from the unloading point; it must be within 5 km. Mark it when the truck is there, or give a reason.';
const TOO_FAR_HI = 'गाड़ी अनलोडिंग पॉइंट से 557 किमी दूर है; उसे 5 किमी के अंदर होना चाहिए। गाड़ी वहाँ पहुँचे तब दर्ज करें, या कारण बताएँ।';

describe('reached-point stage refused by the truck position', () => {
  let bodies: Array<Record<string, unknown>> = [];
  beforeEach(async () => {
    window.localStorage.clear();
    storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
    bodies = [];
    server.use(
      mswHttp.post('*/api/rest/tesseract/v1/trip/operator/advance-state', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.override) {
          const hi = request.headers.get('locale') === 'hi';
          return HttpResponse.json({ success: false, message: hi ? TOO_FAR_HI : TOO_FAR, errorCode: 'STAGE_TOO_FAR' }, { status: 422 });
        }
        return HttpResponse.json(ok({ ...widget, state: 'REACHED_UNLOADING', nextAction: null }));
      }),
    );
  });

  it('shows the distance and marks the point with a chosen reason and details', async () => {
    await setLanguage('en');
    const { user } = renderApp(<StagePanel tripId="T1" state="IN_TRANSIT" widget={widget} />);
    await user.click(screen.getByRole('button', { name: 'Reached unloading point' }));
    expect(await screen.findByTestId('stage-refusal')).toHaveTextContent('557 km from the unloading point');

    // "Other reason" needs a few words
    await user.click(screen.getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Other reason' }));
    await user.click(screen.getByRole('button', { name: 'Mark reached' }));
    expect(await screen.findByText('Write the reason in a few words')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'GPS shows the wrong place' }));
    await user.type(screen.getByRole('textbox', { name: /Details/ }), 'Device shows an old route');
    await user.click(screen.getByRole('button', { name: 'Mark reached' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      tripId: 'T1',
      toState: 'REACHED_UNLOADING',
      currentState: 'IN_TRANSIT',
      override: { reason: 'GPS_INACCURATE', note: 'Device shows an old route' },
    });
    await waitFor(() => expect(screen.queryByTestId('stage-refusal')).not.toBeInTheDocument());
  });

  it('speaks Hindi on a Hindi screen', async () => {
    await setLanguage('hi');
    const { user } = renderApp(<StagePanel tripId="T1" state="IN_TRANSIT" widget={widget} />);
    await user.click(screen.getByRole('button', { name: 'अनलोडिंग पॉइंट पहुँच गए' }));
    expect(await screen.findByTestId('stage-refusal')).toHaveTextContent('557 किमी दूर');
    expect(screen.getByRole('button', { name: 'पहुँचना दर्ज करें' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /कारण/ }));
    expect(await screen.findByRole('option', { name: 'GPS ग़लत जगह दिखा रहा है' })).toBeInTheDocument();
  });
});
