import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { tokenFor } from '../../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t.close());

describe('support demo data', () => {
  it('the first demo operator has tickets, rate cards, referrals, a survey and training to see', async () => {
    const token = await tokenFor(t.db, 'USR-OP1001');
    const tickets = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/ticket?pageNo=0&pageSize=20', token });
    expect(tickets.body.data.totalCount).toBeGreaterThanOrEqual(2);
    const cards = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/operator/odvtRateCardStatus', token });
    expect(cards.body.data.cards.map((c: { status: string }) => c.status).sort()).toEqual(['APPROVED', 'REJECTED', 'SUBMITTED']);
    const referral = await t.call({ method: 'GET', url: '/api/shield/referral/link', token });
    expect(referral.body.data).toMatchObject({ code: 'BHDEMO01' });
    expect(referral.body.data.referrals).toHaveLength(2);
    expect((await t.call({ method: 'GET', url: '/api/odin/operator-web/survey/question-response', token })).body.data.survey.surveyId).toBe(
      'SRV-DEMO-1',
    );
    expect(
      (await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/config/rating/training-info', token })).body.data.modules.length,
    ).toBeGreaterThan(0);
    const story = await t.call({ method: 'GET', url: '/api/rest/tesseract/v1/operator/rating-story', token });
    expect(story.body.data.trips).toBeGreaterThan(0);
  });
});
