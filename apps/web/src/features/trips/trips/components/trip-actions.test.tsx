import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { IST, toIst } from '../../../../lib/format.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import { DelayReport } from './delay-report.tsx';
import { SlotCard } from './slot-card.tsx';
import { BiltiButton, NotifyConsignerButton, StateAlertButton, TripFeedbackCard } from './trip-extras.tsx';

const server = setupMswServer();
const V1 = '*/api/rest/tesseract/v1/trip';
const V2 = '*/api/rest/tesseract/v2/trip';

// two windows tomorrow, India time: 10:00–12:00 (free) and 12:00–14:00 (taken by another truck); the
// delay form takes only times to come, so a fixed date would stop these tests working once it passed
const day = toIst(Date.now()).add(1, 'day').format('YYYY-MM-DD');
const at = (hour: string) => dayjs.tz(`${day} ${hour}`, IST).toISOString();
const w1 = { start: at('10:00'), end: at('12:00') };
const w2 = { start: at('12:00'), end: at('14:00') };
const w1Day = toIst(w1.start).format('DD MMM');
const slots = (selected: typeof w1 | null, location = 'LOADING') => ({
  location,
  pointName: 'Ambuja Plant, Rabriyawas',
  selected,
  windows: [
    { ...w1, available: true, selected: selected?.start === w1.start },
    { ...w2, available: false, selected: false },
  ],
});

const delayReasons = {
  action: 'DELAY',
  heading: 'Why is the trip delayed?',
  reasons: [
    { code: 'TRAFFIC', label: 'Traffic jam', labelHi: 'ट्रैफिक जाम' },
    { code: 'BREAKDOWN', label: 'Breakdown on the way', labelHi: 'रास्ते में गाड़ी खराब' },
  ],
};
const delayView = {
  type: 'TRANSIT',
  heading: 'Why is the trip delayed?',
  reasons: delayReasons.reasons,
  slots: [{ ...w1, available: true, selected: false }],
  infoWidget: { title: 'Tell us early', description: 'The consigner sees your reason and new time.' },
  reported: [],
};

beforeEach(async () => {
  await setLanguage('en');
  window.localStorage.clear();
  storage.setMany({ accessToken: 'tok', menuType: 'OPERATOR' });
});

describe('slot booking', () => {
  it('books a loading slot through loading-slot; a taken window is not offered', async () => {
    const bodies: unknown[] = [];
    let booked: typeof w1 | null = null;
    server.use(
      mswHttp.get(`${V2}/T1/loading-slot`, () => HttpResponse.json(ok(slots(booked)))),
      mswHttp.get(`${V2}/T1/slot`, () => HttpResponse.json(ok(slots(null, 'UNLOADING')))),
      mswHttp.post(`${V2}/T1/loading-slot`, async ({ request }) => {
        bodies.push(await request.json());
        booked = w1;
        return HttpResponse.json(ok(slots(booked), 'Slot booked'));
      }),
    );
    const { user } = renderApp(<SlotCard tripId="T1" state="ASSIGNED" />);
    expect(await screen.findByTestId('slot-loading')).toHaveTextContent('No slot booked yet');
    await user.click(await screen.findByRole('button', { name: 'Book loading slot' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /12:00 PM – 02:00 PM \(taken\)/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /10:00 AM – 12:00 PM/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm slot' }));
    await waitFor(() => expect(bodies).toEqual([{ start: w1.start }]));
    expect(await screen.findByTestId('slot-loading')).toHaveTextContent(`${w1Day}, 10:00 AM – 12:00 PM`);
    expect(screen.getByRole('button', { name: 'Change loading slot' })).toBeInTheDocument();
  });

  it('rebooks an unloading slot with PATCH slot and shows why a window was refused', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.get(`${V2}/T1/slot`, () => HttpResponse.json(ok(slots(null, 'UNLOADING')))),
      mswHttp.patch(`${V2}/T1/slot`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { success: false, message: 'This slot was just booked by another truck. Please choose another.', errorCode: 'SLOT_TAKEN' },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp(<SlotCard tripId="T1" state="IN_TRANSIT" />);
    // loading is over: only the unloading slot can be booked
    await user.click(await screen.findByRole('button', { name: 'Book unloading slot' }));
    expect(screen.queryByRole('button', { name: 'Book loading slot' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /10:00 AM/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm slot' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This slot was just booked by another truck. Please choose another.',
    );
    expect(bodies).toEqual([{ location: 'UNLOADING', start: w1.start }]);
  });
});

describe('delay report', () => {
  it('shows the heading, reasons and info widget, and sends reason, remarks and the new time', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.get(`${V1}/T1/delay`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('type')).toBe('TRANSIT');
        return HttpResponse.json(ok(delayView));
      }),
      mswHttp.get(`${V2}/T1/reasons`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('action')).toBe('DELAY');
        return HttpResponse.json(ok(delayReasons));
      }),
      mswHttp.patch(`${V1}/T1/delay`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok(delayView, 'Remarks updated'));
      }),
    );
    const { user } = renderApp(<DelayReport tripId="T1" state="IN_TRANSIT" />);
    await user.click(screen.getByRole('button', { name: 'Report a delay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why is the trip delayed?' });
    expect(await within(dialog).findByText('Tell us early')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(await within(dialog).findByRole('radio', { name: 'Breakdown on the way' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Remarks' }), 'Clutch plate gone near Kishangarh');
    // the free slot fills the picker (Mantine picker, MM/dd/yyyy HH:mm)
    await user.click(within(dialog).getByRole('checkbox', { name: `${w1Day}, 10:00 AM` }));
    expect(within(dialog).getByTestId('delay-new-time')).toHaveTextContent(`${toIst(w1.start).format('MM/DD/YYYY')} 10:00`);
    await user.click(submit);
    await waitFor(() =>
      expect(bodies).toEqual([
        { type: 'TRANSIT', reasonCode: 'BREAKDOWN', remarks: 'Clutch plate gone near Kishangarh', expectedAt: w1.start },
      ]),
    );
  });

  it('says "Error in updating remarks" when the update fails and the reason message when the reason is refused', async () => {
    let refuseReason = false;
    server.use(
      mswHttp.get(`${V1}/T1/delay`, () => HttpResponse.json(ok({ ...delayView, type: 'LOADING' }))),
      mswHttp.get(`${V2}/T1/reasons`, () => HttpResponse.json(ok(delayReasons))),
      mswHttp.patch(`${V1}/T1/delay`, () =>
        refuseReason
          ? HttpResponse.json(
              { success: false, message: 'Choose a reason', errorCode: 'VALIDATION_FAILED', field: 'reasonCode' },
              { status: 400 },
            )
          : HttpResponse.json({ success: false, message: 'Something went wrong', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { user } = renderApp(<DelayReport tripId="T1" state="ASSIGNED" />);
    await user.click(screen.getByRole('button', { name: 'Report a delay' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: 'Traffic jam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Error in updating remarks')).toBeInTheDocument();
    refuseReason = true;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Error submitting reason. Please try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Error in updating remarks')).not.toBeInTheDocument();
  });

  it('speaks Hindi: the heading, the reasons and the picker', async () => {
    await setLanguage('hi');
    server.use(
      mswHttp.get(`${V1}/T1/delay`, () => HttpResponse.json(ok(delayView))),
      mswHttp.get(`${V2}/T1/reasons`, () => HttpResponse.json(ok(delayReasons))),
    );
    const { user } = renderApp(<DelayReport tripId="T1" state="LOADED" />);
    await user.click(screen.getByRole('button', { name: 'देरी की सूचना दें' }));
    const dialog = await screen.findByRole('dialog', { name: 'ट्रिप में देरी क्यों है?' });
    expect(await within(dialog).findByRole('radio', { name: 'ट्रैफिक जाम' })).toBeInTheDocument();
    expect(within(dialog).getByText('जल्दी बताएं')).toBeInTheDocument();
  });

  it('is not offered once the truck has unloaded', () => {
    renderApp(<DelayReport tripId="T1" state="UNLOADED" />);
    expect(screen.queryByRole('button', { name: 'Report a delay' })).not.toBeInTheDocument();
  });
});

describe('notify, bilti, feedback and the stage alert', () => {
  it('notifies the consigner and shows the quiet-period refusal in the server words', async () => {
    let calls = 0;
    server.use(
      mswHttp.post(`${V2}/T1/notifyconsigner`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(ok({ ok: true }))
          : HttpResponse.json(
              {
                success: false,
                message: 'The consigner was notified a few minutes ago. Please wait before notifying again.',
                errorCode: 'NOTIFY_TOO_SOON',
              },
              { status: 400 },
            );
      }),
    );
    const { user } = renderApp(<NotifyConsignerButton tripId="T1" state="IN_TRANSIT" />);
    await user.click(screen.getByRole('button', { name: 'Notify consigner' }));
    expect(await screen.findByText('Consigner notified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notify consigner' }));
    expect(await screen.findByText(/notified a few minutes ago/)).toBeInTheDocument();
  });

  it('shows the bilti pages, or says none was uploaded', async () => {
    server.use(
      mswHttp.get(`${V2}/document/T1/bilti/view-urls`, () =>
        HttpResponse.json(ok({ urls: [{ resourceKey: 'trip/T1/bilti-1.jpg', url: 'https://files.test/bilti-1.jpg?sig=x' }] })),
      ),
      mswHttp.get(`${V2}/document/T2/bilti/view-urls`, () => HttpResponse.json(ok({ urls: [] }))),
    );
    const { user } = renderApp(
      <>
        <BiltiButton tripId="T1" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'View bilti' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bilti (lorry receipt)' });
    expect(await within(dialog).findByRole('img', { name: 'Bilti page 1' })).toHaveAttribute('src', 'https://files.test/bilti-1.jpg?sig=x');
    expect(within(dialog).getByRole('link', { name: 'Open page 1' })).toHaveAttribute('href', 'https://files.test/bilti-1.jpg?sig=x');

    const other = renderApp(<BiltiButton tripId="T2" />);
    await other.user.click(within(other.container).getByRole('button', { name: 'View bilti' }));
    expect(await screen.findByText('No bilti has been uploaded for this trip yet.')).toBeInTheDocument();
  });

  it('sends a rating with the feedback action on a finished trip only', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.post('*/api/odin/operator-app/trip/feedback-action', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ ok: true }, 'Successfully Submitted'));
      }),
    );
    const running = renderApp(<TripFeedbackCard tripId="T1" state="IN_TRANSIT" />);
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
    running.unmount();
    const { user } = renderApp(<TripFeedbackCard tripId="T1" state="COMPLETED" />);
    const send = screen.getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();
    screen.getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Comments' }), 'Quick unloading');
    await user.click(send);
    expect(await screen.findByText('Successfully Submitted')).toBeInTheDocument();
    expect(bodies).toEqual([{ tripId: 'T1', action: 'RATED', rating: 4, comment: 'Quick unloading' }]);
  });

  it('shows the stage from advance-state-view and records a state-change alert', async () => {
    const bodies: unknown[] = [];
    server.use(
      mswHttp.post(`${V1}/operator/advance-state-view`, () =>
        HttpResponse.json(
          ok({ tripId: 'T1', state: 'IN_TRANSIT', heading: 'In transit', description: 'x', nextAction: null, redirectUrl: null }),
        ),
      ),
      mswHttp.post(`${V1}/operator/state-change-alert`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ alertId: 'AL1' }, 'Alert recorded'));
      }),
    );
    const { user } = renderApp(<StateAlertButton tripId="T1" state="LOADED" />);
    await user.click(screen.getByRole('button', { name: 'Stage looks wrong?' }));
    const dialog = await screen.findByRole('dialog');
    // the server's current stage, not the one the page was opened with
    expect(await within(dialog).findByTestId('stage-view')).toHaveTextContent('The truck is on the way.');
    await user.type(within(dialog).getByRole('textbox', { name: 'What is wrong?' }), 'Truck already unloaded');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Bhada' }));
    expect(await screen.findByText('Alert recorded')).toBeInTheDocument();
    expect(bodies).toEqual([{ tripId: 'T1', state: 'IN_TRANSIT', alertType: 'STATE_CHANGE', message: 'Truck already unloaded' }]);
  });
});
