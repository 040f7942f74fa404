import {
  type createSurveyRequestSchema,
  type RatingStory,
  SUPPORT_ERRORS,
  SUPPORT_MESSAGES,
  type Survey,
  type SurveyQueryResponse,
  type SurveySubmitRequest,
  type surveyResultsSchema,
  type TrainingModule,
  type WIDGETS,
} from '@bhada/contracts/support/support';
import type { z } from 'zod';
import type { ServiceContext } from '../../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import type { OperatorId } from '../../../lib/tenancy.ts';
import * as repo from './engagement.repository.ts';

/** A signed-in user of an operator (owner or subordinate). */
export interface UserActor {
  userId: string;
  operatorId: OperatorId;
  locale: 'en' | 'hi';
}

const TRAINING_PAGE_SIZE = 10;

// ---------------- surveys ----------------

function toSurvey(row: repo.SurveyRow): Survey {
  return { surveyId: row.id, title: { en: row.titleEn, hi: row.titleHi }, questions: row.questions };
}

/** spec "GET /odin/operator-web/survey/question-response": the survey waiting for this user, if any. */
export async function openSurvey(ctx: ServiceContext, p: { actor: UserActor }): Promise<SurveyQueryResponse> {
  const row = await repo.findOpenSurvey(ctx.db, { userId: p.actor.userId });
  if (row) return { survey: toSurvey(row), answered: false };
  return { survey: null, answered: (await repo.countAnswered(ctx.db, { userId: p.actor.userId })) > 0 };
}

/** Each answer checked against its question's kind; every required question answered. */
function checkAnswers(survey: repo.SurveyRow, answers: SurveySubmitRequest['answers']) {
  const byId = new Map(survey.questions.map((q) => [q.questionId, q]));
  const seen = new Set<string>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q || seen.has(a.questionId)) throw badRequest(SUPPORT_MESSAGES.surveyError, 'answers');
    seen.add(a.questionId);
    const values = new Set(q.options.map((o) => o.value));
    const ok =
      (q.kind === 'SINGLE' && typeof a.value === 'string' && values.has(a.value)) ||
      (q.kind === 'MULTIPLE' &&
        Array.isArray(a.value) &&
        a.value.length > 0 &&
        a.value.every((v) => values.has(v)) &&
        new Set(a.value).size === a.value.length) ||
      (q.kind === 'RATING' && typeof a.value === 'number' && a.value >= 1 && a.value <= 5) ||
      (q.kind === 'TEXT' && typeof a.value === 'string' && a.value.trim().length > 0);
    if (!ok) throw badRequest(SUPPORT_MESSAGES.surveyError, `answers.${a.questionId}`);
  }
  for (const q of survey.questions)
    if (q.required && !seen.has(q.questionId)) throw badRequest(SUPPORT_MESSAGES.surveyError, `answers.${q.questionId}`);
}

/** spec "POST /odin/operator-web/survey/question-response": answers stored once per survey per user. */
export async function submitSurvey(ctx: ServiceContext, p: { actor: UserActor; body: SurveySubmitRequest }) {
  const survey = await repo.findSurvey(ctx.db, { id: p.body.surveyId });
  if (!survey?.active) throw notFound(SUPPORT_MESSAGES.somethingWentWrong);
  checkAnswers(survey, p.body.answers);
  const answers = p.body.answers.map((a) => ({ questionId: a.questionId, value: typeof a.value === 'string' ? a.value.trim() : a.value }));
  const stored = await repo.insertResponse(ctx.db, {
    row: { surveyId: survey.id, userId: p.actor.userId, operatorId: p.actor.operatorId, answers },
  });
  if (!stored) throw new AppError(SUPPORT_ERRORS.SURVEY_ALREADY_ANSWERED, SUPPORT_MESSAGES.surveyAnswered);
  return { surveyId: survey.id, saved: true as const };
}

type SurveyResults = z.infer<typeof surveyResultsSchema>;

async function resultsOf(ctx: ServiceContext, row: repo.SurveyRow): Promise<SurveyResults> {
  const responses = await repo.listResponses(ctx.db, { surveyId: row.id });
  return {
    surveyId: row.id,
    title: { en: row.titleEn, hi: row.titleHi },
    active: row.active,
    responses: responses.length,
    questions: row.questions.map((q) => {
      const counts: Record<string, number> = {};
      let answered = 0;
      let sum = 0;
      for (const r of responses) {
        const a = r.answers.find((x) => x.questionId === q.questionId);
        if (!a) continue;
        answered++;
        if (q.kind === 'TEXT') continue;
        const values = Array.isArray(a.value) ? a.value : [String(a.value)];
        for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
        if (q.kind === 'RATING') sum += Number(a.value);
      }
      return {
        questionId: q.questionId,
        kind: q.kind,
        text: q.text.en,
        answered,
        counts,
        average: q.kind === 'RATING' && answered ? Math.round((sum / answered) * 100) / 100 : null,
      };
    }),
  };
}

/** Admin: every survey with its answer counts per question. */
export async function surveyResults(ctx: ServiceContext): Promise<SurveyResults[]> {
  const rows = await repo.listSurveys(ctx.db);
  return Promise.all(rows.map((r) => resultsOf(ctx, r)));
}

/** Admin: a new question set; choice questions need options, and question ids are unique. */
export async function createSurvey(ctx: ServiceContext, p: { body: z.output<typeof createSurveyRequestSchema> }) {
  const ids = new Set<string>();
  for (const q of p.body.questions) {
    if (ids.has(q.questionId)) throw badRequest('Question ids must be unique', 'questions');
    ids.add(q.questionId);
    if ((q.kind === 'SINGLE' || q.kind === 'MULTIPLE') && q.options.length < 2)
      throw badRequest('A choice question needs at least two options', 'questions');
  }
  const id = newId('SRV', 8);
  await repo.insertSurvey(ctx.db, {
    row: { id, titleEn: p.body.title.en, titleHi: p.body.title.hi, questions: p.body.questions, active: p.body.active },
  });
  return resultsOf(ctx, (await repo.findSurvey(ctx.db, { id }))!);
}

// ---------------- training ----------------

function toModule(row: repo.ModuleRow, locale: 'en' | 'hi', done: Set<string>): TrainingModule {
  const hi = locale === 'hi';
  return {
    id: row.id,
    type: row.type,
    source: row.source,
    title: hi ? row.titleHi : row.titleEn,
    cards: row.cards.map((c) => ({
      title: hi ? c.titleHi : c.titleEn,
      text: hi ? c.textHi : c.textEn,
      imageUrl: c.imageUrl,
      videoUrl: c.videoUrl,
    })),
    completed: done.has(row.id),
  };
}

/** spec "GET /rest/tesseract/v1/config/rating/training-info" (page): the rating training, a page at a time. */
export async function trainingInfo(ctx: ServiceContext, p: { actor: UserActor; page: number }) {
  const [rows, done] = await Promise.all([
    repo.listModules(ctx.db, { type: 'RATING', limit: TRAINING_PAGE_SIZE + 1, offset: p.page * TRAINING_PAGE_SIZE }),
    repo.completedModuleIds(ctx.db, { userId: p.actor.userId }),
  ]);
  return {
    modules: rows.slice(0, TRAINING_PAGE_SIZE).map((r) => toModule(r, p.actor.locale, done)),
    page: p.page,
    hasMore: rows.length > TRAINING_PAGE_SIZE,
  };
}

/** spec "GET trip training" (type, source): the modules for one kind of trip moment and where it is shown. */
export async function tripTraining(ctx: ServiceContext, p: { actor: UserActor; type: string; source: string }) {
  const [rows, done] = await Promise.all([
    repo.listModules(ctx.db, { type: p.type, source: p.source, limit: 20, offset: 0 }),
    repo.completedModuleIds(ctx.db, { userId: p.actor.userId }),
  ]);
  return { modules: rows.map((r) => toModule(r, p.actor.locale, done)), page: 0, hasMore: false };
}

/** spec "PUT /rest/tesseract/v1/config/training/status" (type, id): the module done for this user, once. */
export async function completeTraining(ctx: ServiceContext, p: { actor: UserActor; type: string; id: string }) {
  const module = await repo.findModule(ctx.db, { id: p.id, type: p.type });
  if (!module) throw notFound(SUPPORT_MESSAGES.trainingFailed);
  const row = await repo.upsertCompletion(ctx.db, { userId: p.actor.userId, moduleId: module.id });
  return { id: module.id, completed: true as const, completedAt: row.completedAt.toISOString() };
}

// ---------------- welang and widgets ----------------

/** spec "GET welang config": the languages, the user's own, and whether the welcome still shows. */
export async function welangConfig(ctx: ServiceContext, p: { actor: UserActor }) {
  const [acknowledged, total, done] = await Promise.all([
    repo.hasAcknowledged(ctx.db, { userId: p.actor.userId, widget: 'WELANG' }),
    repo.countModules(ctx.db),
    repo.completedModuleIds(ctx.db, { userId: p.actor.userId }),
  ]);
  return {
    locales: [
      { code: 'hi' as const, label: 'हिन्दी' },
      { code: 'en' as const, label: 'English' },
    ],
    current: p.actor.locale,
    showLanguagePrompt: !acknowledged,
    pendingTraining: Math.max(0, total - done.size),
  };
}

/** spec "POST widget-acknowledgement": the user has seen (and closed) a widget; kept once. */
export async function acknowledgeWidget(ctx: ServiceContext, p: { actor: UserActor; widget: (typeof WIDGETS)[number]; refId?: string }) {
  const row = await repo.acknowledge(ctx.db, { userId: p.actor.userId, widget: p.widget, refId: p.refId ?? '' });
  return { widget: row.widget, acknowledgedAt: row.acknowledgedAt.toISOString() };
}

// ---------------- rating story ----------------

const DAY_MS = 86_400_000;
const WEIGHTS = { ON_TIME_LOADING: 0.4, POD_SPEED: 0.3, CANCELLATIONS: 0.3 } as const;
const clamp = (n: number) => Math.max(0, Math.min(100, n));
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The operator's rating from its real trips (ADR 121): on-time loading (share loaded before the
 * loading slot ended), POD speed (mean hours from unloading to the POD: 24 h or less is full marks,
 * 120 h or more none) and cancellations (each 1 % cancelled costs 4 points). Components without
 * trips to judge by count as full marks; the rating is 1–5 from the weighted score.
 */
export async function ratingStory(ctx: ServiceContext, p: { operatorId: OperatorId }): Promise<RatingStory> {
  const f = await repo.ratingFacts(ctx.db, { operatorId: p.operatorId, since: new Date(ctx.clock.now().getTime() - 180 * DAY_MS) });
  const onTime = f.slotTrips ? (100 * f.onTime) / f.slotTrips : null;
  const cancelRate = f.trips ? (100 * f.cancelled) / f.trips : null;
  const components: RatingStory['components'] = [
    {
      key: 'ON_TIME_LOADING',
      weight: WEIGHTS.ON_TIME_LOADING,
      value: onTime === null ? null : round1(onTime),
      sample: f.slotTrips,
      score: round1(onTime ?? 100),
    },
    {
      key: 'POD_SPEED',
      weight: WEIGHTS.POD_SPEED,
      value: f.podHours === null ? null : round1(f.podHours),
      sample: f.podTrips,
      score: round1(f.podHours === null ? 100 : clamp(100 - ((f.podHours - 24) * 100) / 96)),
    },
    {
      key: 'CANCELLATIONS',
      weight: WEIGHTS.CANCELLATIONS,
      value: cancelRate === null ? null : round1(cancelRate),
      sample: f.trips,
      score: round1(cancelRate === null ? 100 : clamp(100 - cancelRate * 4)),
    },
  ];
  const score = components.reduce((s, c) => s + c.score * c.weight, 0);
  return { rating: f.trips ? round1(1 + (4 * score) / 100) : null, trips: f.trips, components };
}
