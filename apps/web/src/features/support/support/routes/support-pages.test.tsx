import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { storage } from '../../../../lib/storage.ts';
import { setupMswServer } from '../../../../test/msw.ts';
import { ok, renderApp } from '../../../../test/render.tsx';
import RatingStoryPage from './rating-story-page.tsx';
import ReferralJoinPage from './referral-join-page.tsx';
import TicketChatPage from './ticket-chat-page.tsx';

const server = setupMswServer();
const CHAT = '/app/caraxes/marketplace/tickets/chat';
const SCRIPT = '<script>alert(1)</script>';

const ticket = (messages: unknown[]) => ({
  ticketId: 'TKT-1',
  category: 'FASTAG_DISPUTE',
  referenceType: 'FASTAG_TXN',
  referenceId: 'FTX-1',
  subject: 'Toll dispute: RJ14GA1234 at Kherki Daula',
  status: 'IN_PROGRESS',
  outcome: null,
  assignedTo: 'Bhada Operations',
  messageCount: messages.length,
  lastMessageAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  operatorId: 'OP1',
  details: {},
  resolvedAt: null,
  creditedTxnId: null,
  messages,
});
const message = (id: string, author: string, body: string) => ({
  messageId: id,
  author,
  authorName: author === 'SUPPORT' ? 'Bhada Operations' : 'Rajesh',
  body,
  attachments: [],
  createdAt: '2026-11-23T10:05:00.000Z',
});

describe('ticket chat page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  it("opens the ticket's thread, shows text as text, and sends a message", async () => {
    const thread = [message('M1', 'OPERATOR', SCRIPT), message('M2', 'SUPPORT', 'Checking with the issuer')];
    const sent: unknown[] = [];
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/ticket/TKT-1', () => HttpResponse.json(ok(ticket(thread)))),
      mswHttp.post('*/api/rest/tesseract/v1/ticket/TKT-1/messages', async ({ request }) => {
        const body = (await request.json()) as { message: string };
        sent.push(body);
        thread.push(message('M3', 'OPERATOR', body.message));
        return HttpResponse.json(ok(thread.at(-1)));
      }),
    );
    const { user, container } = renderApp(<TicketChatPage />, { route: `${CHAT}?ticketId=TKT-1`, path: CHAT });
    expect(await screen.findByText('Checking with the issuer')).toBeInTheDocument();
    expect(screen.getByText(SCRIPT)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('In progress')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your message'), 'Any update?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ message: 'Any update?', attachmentKeys: [] }]));
    expect(await screen.findByText('Any update?')).toBeInTheDocument();
  });

  it("starts a ticket with the query's trip context and opens its thread", async () => {
    const created: unknown[] = [];
    server.use(
      mswHttp.post('*/api/rest/tesseract/v1/ticket', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(
          ok({ ...ticket([message('M1', 'OPERATOR', 'Stuck at the gate')]), ticketId: 'TKT-9', category: 'TRIP_DELAY' }),
        );
      }),
      mswHttp.get('*/api/rest/tesseract/v1/ticket/TKT-9', () =>
        HttpResponse.json(ok({ ...ticket([message('M1', 'OPERATOR', 'Stuck at the gate')]), ticketId: 'TKT-9', category: 'TRIP_DELAY' })),
      ),
    );
    const { user } = renderApp(<TicketChatPage />, { route: `${CHAT}?tripId=TRP-7&vNum=RJ14GA1234&q=Unloading%20delay`, path: CHAT });
    expect(await screen.findByText('Vehicle: RJ14GA1234')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tell us what happened'), 'Stuck at the gate');
    await user.click(screen.getByRole('button', { name: 'Raise ticket' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${CHAT}?ticketId=TKT-9`));
    expect(created).toEqual([
      {
        category: 'TRIP_DELAY',
        referenceType: 'TRIP',
        referenceId: 'TRP-7',
        subject: 'Unloading delay',
        message: 'Stuck at the gate',
        context: { vNum: 'RJ14GA1234', tripId: 'TRP-7', q: 'Unloading delay' },
      },
    ]);
  });
});

describe('referral join page', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.clearSession();
  });

  const fill = async (user: ReturnType<typeof renderApp>['user']) => {
    await user.type(screen.getByLabelText('Your name'), 'Suresh Transport');
    await user.type(screen.getByLabelText('Mobile number'), '9812345678');
    await user.type(screen.getByLabelText('City'), 'Ajmer');
    await user.click(screen.getByRole('button', { name: 'Join' }));
  };

  it('joins through the link code once the code sent to the number is entered', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      mswHttp.post('*/api/shield/referral/form-submit', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.otp) return HttpResponse.json(ok({ status: 'CODE_SENT', expiresInSeconds: 600 }));
        if (body.otp !== '482913')
          return HttpResponse.json(
            {
              success: false,
              message: 'The code is wrong or has expired. Ask for a new code.',
              errorCode: 'REFERRAL_NOT_ALLOWED',
              field: 'otp',
            },
            { status: 400 },
          );
        return HttpResponse.json(ok({ status: 'JOINED', referralId: 'REF-1' }));
      }),
    );
    const { user } = renderApp(<ReferralJoinPage />, { route: '/web-view/referral/join?code=BHDEMO01', path: '/web-view/referral/join' });
    await fill(user);
    expect(await screen.findByText('We sent a 6-digit code to 9812345678. Enter it to join.')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm and join' });
    expect(confirm).toBeDisabled();
    const boxes = screen.getAllByRole('textbox', { name: 'Code from SMS' });
    await user.click(boxes[0]!);
    await user.keyboard('111111');
    await user.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired.');
    await user.click(boxes[0]!);
    for (const box of boxes) await user.clear(box);
    await user.click(boxes[0]!);
    await user.keyboard('482913');
    await user.click(screen.getByRole('button', { name: 'Confirm and join' }));
    expect(await screen.findByText('You have joined')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ name: 'Suresh Transport', phone: '9812345678', city: 'Ajmer', fleetSize: 1, code: 'BHDEMO01' });
    expect(bodies.at(-1)).toMatchObject({ phone: '9812345678', code: 'BHDEMO01', otp: '482913' });
  });

  it("shows the server's reason when the number already joined", async () => {
    server.use(
      mswHttp.post('*/api/shield/referral/form-submit', () =>
        HttpResponse.json(
          { success: false, message: 'This mobile number has already joined', errorCode: 'REFERRAL_NOT_ALLOWED' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp(<ReferralJoinPage />, { route: '/web-view/referral/join?code=BHDEMO01', path: '/web-view/referral/join' });
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This mobile number has already joined');
  });
});

describe('rating story and training', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 'tok-op', menuType: 'OPERATOR', operatorId: 'OP1' });
  });

  const story = {
    rating: 4.2,
    trips: 12,
    components: [
      { key: 'ON_TIME_LOADING', score: 75, weight: 0.4, value: 75, sample: 8 },
      { key: 'POD_SPEED', score: 90, weight: 0.3, value: 33.6, sample: 10 },
      { key: 'CANCELLATIONS', score: 66.7, weight: 0.3, value: 8.3, sample: 12 },
    ],
  };

  it('explains the rating from its components and marks a module done even when the call fails', async () => {
    const module = {
      id: 'TRN-1',
      type: 'RATING',
      source: 'APP',
      title: 'How your rating is made',
      cards: [{ title: 'Load on time', text: 'Reach before the slot ends.', imageUrl: null, videoUrl: null }],
      completed: false,
    };
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/operator/rating-story', () => HttpResponse.json(ok(story))),
      mswHttp.get('*/api/rest/tesseract/v1/config/rating/training-info', () =>
        HttpResponse.json(ok({ modules: [module], page: 0, hasMore: false })),
      ),
      mswHttp.put('*/api/rest/tesseract/v1/config/training/status', () =>
        HttpResponse.json({ success: false, message: 'x', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    const { user } = renderApp(<RatingStoryPage />, { route: '/web-view/rating-story', path: '/web-view/rating-story' });
    expect(await screen.findByTestId('rating')).toHaveTextContent('4.2');
    expect(screen.getByText('75% loaded before the slot ended (8 trips)')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
  });

  it('says the training could not be fetched', async () => {
    server.use(
      mswHttp.get('*/api/rest/tesseract/v1/operator/rating-story', () => HttpResponse.json(ok(story))),
      mswHttp.get('*/api/rest/tesseract/v1/config/rating/training-info', () =>
        HttpResponse.json({ success: false, message: 'x', errorCode: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderApp(<RatingStoryPage />, { route: '/web-view/rating-story', path: '/web-view/rating-story' });
    expect(await screen.findByText('Failed to fetch training content')).toBeInTheDocument();
  });
});
