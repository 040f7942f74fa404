import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { insertAdmin, insertConsigner, insertOperator, insertSubordinate, nextPhone } from '../../../../test/factories.ts';
import { trainingModules } from '../../../db/schema/index.ts';
import { asOperatorId } from '../../../lib/tenancy.ts';
import { accounts } from '../../money/ledger/accounts.ts';
import { balanceOf, checkLedger } from '../../money/ledger/ledger.service.ts';
import { approvedRateFor } from './rate-cards.service.ts';
import { rewardReferralOnFirstTrip } from './referral.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', REFERRAL_REWARD_IN_PAISA: '50000', PUBLIC_URL: 'https://bhada.example' });
});
afterAll(() => t.close());

const SURVEY = '/api/odin/operator-web/survey/question-response';
const count = async (table: string, where = 'true') => {
  const r = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(r.rows[0]!.n);
};

const surveyBody = {
  title: { en: 'How is Bhada?', hi: 'भाड़ा कैसा है?' },
  questions: [
    { questionId: 'q1', kind: 'RATING', text: { en: 'Rate us', hi: 'रेटिंग दें' } },
    {
      questionId: 'q2',
      kind: 'SINGLE',
      text: { en: 'Payments on time?', hi: 'भुगतान समय पर?' },
      options: [
        { value: 'yes', en: 'Yes', hi: 'हाँ' },
        { value: 'no', en: 'No', hi: 'नहीं' },
      ],
    },
    {
      questionId: 'q3',
      kind: 'MULTIPLE',
      text: { en: 'What do you use?', hi: 'आप क्या इस्तेमाल करते हैं?' },
      options: [
        { value: 'loads', en: 'Loads', hi: 'लोड' },
        { value: 'fastag', en: 'Fastag', hi: 'फास्टैग' },
      ],
    },
    { questionId: 'q4', kind: 'TEXT', text: { en: 'Anything else?', hi: 'और कुछ?' }, required: false },
  ],
};

describe('surveys', () => {
  it('an admin defines a survey; each user answers once; a bad answer stores nothing; the admin sees counts', async () => {
    const admin = await insertAdmin(t.db);
    const { owner, operatorId } = await insertOperator(t.db);
    const sub = await insertSubordinate(t.db, operatorId, []);
    const consigner = await insertConsigner(t.db);
    expect((await t.call({ method: 'POST', url: '/api/admin/surveys', token: owner.token, payload: surveyBody })).status).toBe(403);
    const created = await t.call({ method: 'POST', url: '/api/admin/surveys', token: admin.token, payload: surveyBody });
    expect(created.status).toBe(200);
    const surveyId = created.body.data.surveyId;

    const open = await t.call({ method: 'GET', url: SURVEY, token: owner.token });
    expect(open.body.data).toMatchObject({ answered: false, survey: { surveyId } });
    expect((await t.call({ method: 'GET', url: SURVEY, token: consigner.user.token })).status).toBe(403);

    const bad = await t.call({
      method: 'POST',
      url: SURVEY,
      token: owner.token,
      payload: {
        surveyId,
        answers: [
          { questionId: 'q1', value: 9 },
          { questionId: 'q2', value: 'yes' },
          { questionId: 'q3', value: ['loads'] },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Error in submitting.');
    const missing = await t.call({
      method: 'POST',
      url: SURVEY,
      token: owner.token,
      payload: { surveyId, answers: [{ questionId: 'q1', value: 4 }] },
    });
    expect(missing.status).toBe(400);
    expect(await count('survey_responses', `survey_id = '${surveyId}'`)).toBe(0);

    const answers = [
      { questionId: 'q1', value: 4 },
      { questionId: 'q2', value: 'yes' },
      { questionId: 'q3', value: ['loads', 'fastag'] },
    ];
    expect((await t.call({ method: 'POST', url: SURVEY, token: owner.token, payload: { surveyId, answers } })).status).toBe(200);
    const twice = await t.call({ method: 'POST', url: SURVEY, token: owner.token, payload: { surveyId, answers } });
    expect(twice.status).toBe(400);
    expect(twice.body.errorCode).toBe('SURVEY_ALREADY_ANSWERED');
    expect((await t.call({ method: 'GET', url: SURVEY, token: owner.token })).body.data).toMatchObject({ survey: null, answered: true });
    // a subordinate answers for itself
    const subAnswers = [
      { questionId: 'q1', value: 2 },
      { questionId: 'q2', value: 'no' },
      { questionId: 'q3', value: ['loads'] },
      { questionId: 'q4', value: 'More loads from Jaipur' },
    ];
    expect((await t.call({ method: 'POST', url: SURVEY, token: sub.token, payload: { surveyId, answers: subAnswers } })).status).toBe(200);

    const results = await t.call({ method: 'GET', url: '/api/admin/surveys', token: admin.token });
    const mine = results.body.data.find((s: { surveyId: string }) => s.surveyId === surveyId);
    expect(mine.responses).toBe(2);
    const byId = Object.fromEntries(mine.questions.map((q: { questionId: string }) => [q.questionId, q]));
    expect(byId.q1).toMatchObject({ answered: 2, average: 3, counts: { '4': 1, '2': 1 } });
    expect(byId.q2.counts).toEqual({ yes: 1, no: 1 });
    expect(byId.q3.counts).toEqual({ loads: 2, fastag: 1 });
    expect(byId.q4).toMatchObject({ answered: 1, counts: {} });
  });
});

describe('training, welang and widgets', () => {
  it('serves modules in the user language, records completion once, and the welcome until acknowledged', async () => {
    await t.db.insert(trainingModules).values([
      {
        id: 'TRN-R1',
        type: 'RATING',
        source: 'APP',
        sort: 1,
        titleEn: 'Your rating',
        titleHi: 'आपकी रेटिंग',
        cards: [
          {
            titleEn: 'Load on time',
            titleHi: 'समय पर लोड',
            textEn: 'Reach before the slot',
            textHi: 'स्लॉट से पहले पहुँचें',
            imageUrl: null,
            videoUrl: null,
          },
        ],
      },
      {
        id: 'TRN-P1',
        type: 'POD',
        source: 'TRIP',
        sort: 1,
        titleEn: 'Upload POD',
        titleHi: 'पीओडी अपलोड',
        cards: [
          {
            titleEn: 'Clear photo',
            titleHi: 'साफ़ फ़ोटो',
            textEn: 'All four corners',
            textHi: 'चारों कोने',
            imageUrl: null,
            videoUrl: 'https://example.com/v',
          },
        ],
      },
    ]);
    const { owner } = await insertOperator(t.db);
    const info = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/config/rating/training-info?page=0', token: owner.token });
    expect(info.body.data.modules.map((m: { id: string }) => m.id)).toContain('TRN-R1');
    const hi = await t.call({
      method: 'GET',
      url: '/api/rest/tesseract/v1/config/trip-training?type=POD&source=TRIP',
      token: owner.token,
      headers: {},
    });
    expect(hi.body.data.modules).toHaveLength(1);
    expect(hi.body.data.modules[0].cards[0].videoUrl).toBe('https://example.com/v');
    expect((await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/config/trip-training', token: owner.token })).status).toBe(400);

    const done = await t.call({
      method: 'PUT',
      url: '/api/rest/tesseract/v1/config/training/status?type=POD&id=TRN-P1',
      token: owner.token,
    });
    expect(done.status).toBe(200);
    const again = await t.call({
      method: 'PUT',
      url: '/api/rest/tesseract/v1/config/training/status?type=POD&id=TRN-P1',
      token: owner.token,
    });
    expect(again.body.data.completedAt).toBe(done.body.data.completedAt);
    expect(
      (await t.call({ method: 'PUT', url: '/api/rest/tesseract/v1/config/training/status?type=RATING&id=TRN-P1', token: owner.token }))
        .status,
    ).toBe(404);
    const after = await t.call({
      method: 'GET',
      url: '/api/rest/tesseract/v1/config/trip-training?type=POD&source=TRIP',
      token: owner.token,
    });
    expect(after.body.data.modules[0].completed).toBe(true);

    const welang = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/config/welang', token: owner.token });
    expect(welang.body.data).toMatchObject({ showLanguagePrompt: true });
    expect(welang.body.data.locales.map((l: { code: string }) => l.code)).toEqual(['hi', 'en']);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/rest/tesseract/v1/config/widget-acknowledgement',
          token: owner.token,
          payload: { widget: 'NOPE' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/rest/tesseract/v1/config/widget-acknowledgement',
          token: owner.token,
          payload: { widget: 'WELANG' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/config/welang', token: owner.token })).body.data.showLanguagePrompt,
    ).toBe(false);
  });

  it('the rating story of an operator without trips has no rating and full components', async () => {
    const { owner } = await insertOperator(t.db);
    const story = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/operator/rating-story', token: owner.token });
    expect(story.status).toBe(200);
    expect(story.body.data).toMatchObject({ rating: null, trips: 0 });
    expect(story.body.data.components.map((c: { key: string }) => c.key)).toEqual(['ON_TIME_LOADING', 'POD_SPEED', 'CANCELLATIONS']);
  });
});

const RATES = '/api/rest/tesseract/v1/operator/odvtRateCardStatus';
const card = { origin: 'Jaipur', destination: 'Delhi', bodyType: 'container', tonnage: 25, rate: 42_500.456 };

describe('rate cards', () => {
  it('saves drafts rounded to paise, submits for review, locks them, and an approved rate is "your rate"', async () => {
    const a = await insertOperator(t.db);
    const b = await insertOperator(t.db);
    const admin = await insertAdmin(t.db);
    const sub = await insertSubordinate(t.db, a.operatorId, ['TRIPS_VIEW']);
    expect((await t.call({ method: 'GET', url: RATES, token: sub.token })).status).toBe(403);

    const saved = await t.call({ method: 'POST', url: RATES, token: a.owner.token, payload: { cards: [card] } });
    expect(saved.status).toBe(200);
    const draft = saved.body.data.cards[0];
    expect(draft).toMatchObject({ status: 'DRAFT', rate: 42_500.46, rateInPaisa: 4_250_046, bodyType: 'CONTAINER' });

    // another operator cannot touch it
    const stolen = await t.call({
      method: 'POST',
      url: RATES,
      token: b.owner.token,
      payload: { cards: [{ ...card, id: draft.id, rate: 1 }] },
    });
    expect(stolen.status).toBe(404);
    expect((await t.call({ method: 'GET', url: RATES, token: b.owner.token })).body.data.cards).toEqual([]);
    const invalid = await t.call({
      method: 'POST',
      url: RATES,
      token: a.owner.token,
      payload: { cards: [{ ...card, id: draft.id, rate: -5 }] },
    });
    expect(invalid.status).toBe(400);

    const submitted = await t.call({
      method: 'POST',
      url: RATES,
      token: a.owner.token,
      payload: { cards: [{ ...card, id: draft.id, rate: 41000 }], submit: true },
    });
    expect(submitted.body.data.cards[0]).toMatchObject({ status: 'SUBMITTED', rate: 41000 });
    const locked = await t.call({
      method: 'POST',
      url: RATES,
      token: a.owner.token,
      payload: { cards: [{ ...card, id: draft.id, rate: 1 }] },
    });
    expect(locked.status).toBe(400);
    expect(locked.body.errorCode).toBe('RATE_CARD_LOCKED');

    expect((await t.call({ method: 'GET', url: '/api/admin/rate-cards', token: a.owner.token })).status).toBe(403);
    const queue = await t.call({ method: 'GET', url: '/api/admin/rate-cards?status=SUBMITTED', token: admin.token });
    expect(queue.body.data.cards.some((c: { id: string }) => c.id === draft.id)).toBe(true);
    const noReason = await t.call({
      method: 'POST',
      url: `/api/admin/rate-cards/${draft.id}/decision`,
      token: admin.token,
      payload: { decision: 'REJECTED' },
    });
    expect(noReason.status).toBe(400);
    const approved = await t.call({
      method: 'POST',
      url: `/api/admin/rate-cards/${draft.id}/decision`,
      token: admin.token,
      payload: { decision: 'APPROVED' },
    });
    expect(approved.body.data.status).toBe('APPROVED');

    const yours = await approvedRateFor(t.app.ctx, {
      operatorId: asOperatorId(a.operatorId),
      origin: 'jaipur',
      destination: 'DELHI',
      bodyType: 'Container',
      tonnage: 20,
    });
    expect(yours?.rateInPaisa).toBe(4_100_000);
    expect(
      await approvedRateFor(t.app.ctx, {
        operatorId: asOperatorId(b.operatorId),
        origin: 'Jaipur',
        destination: 'Delhi',
        bodyType: 'CONTAINER',
        tonnage: 20,
      }),
    ).toBeNull();
  });
});
