import { z } from 'zod';
import { SUPPORT_MESSAGES } from './messages.ts';

// The support area: surveys.

export const QUESTION_KINDS = ['SINGLE', 'MULTIPLE', 'RATING', 'TEXT'] as const;
export const surveyQuestionSchema = z.object({
  questionId: z.string().min(1).max(40),
  kind: z.enum(QUESTION_KINDS),
  text: z.object({ en: z.string().min(1).max(300), hi: z.string().min(1).max(300) }),
  options: z
    .array(z.object({ value: z.string().min(1).max(40), en: z.string().max(120), hi: z.string().max(120) }))
    .max(10)
    .default([]),
  required: z.boolean().default(true),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveySchema = z.object({
  surveyId: z.string(),
  title: z.object({ en: z.string(), hi: z.string() }),
  questions: z.array(surveyQuestionSchema),
});
export type Survey = z.infer<typeof surveySchema>;

export const surveyQueryResponseSchema = z.object({
  /** the active survey this user has not answered yet, or null */
  survey: surveySchema.nullable(),
  answered: z.boolean(),
});
export type SurveyQueryResponse = z.infer<typeof surveyQueryResponseSchema>;

export const surveyAnswerSchema = z.object({
  questionId: z.string().min(1).max(40),
  value: z.union(
    [
      z.string().max(1000, SUPPORT_MESSAGES.surveyError),
      z.array(z.string().max(40)).max(10, SUPPORT_MESSAGES.surveyError),
      z.number().int(SUPPORT_MESSAGES.surveyError).min(1, SUPPORT_MESSAGES.surveyError).max(5, SUPPORT_MESSAGES.surveyError),
    ],
    { error: SUPPORT_MESSAGES.surveyError },
  ),
});
export const surveySubmitRequestSchema = z.object({
  surveyId: z.string().min(1).max(40),
  answers: z.array(surveyAnswerSchema).min(1, 'Answer the questions').max(30),
});
export type SurveySubmitRequest = z.infer<typeof surveySubmitRequestSchema>;

export const createSurveyRequestSchema = z.object({
  title: z.object({ en: z.string().trim().min(3).max(120), hi: z.string().trim().min(3).max(120) }),
  questions: z.array(surveyQuestionSchema).min(1).max(20),
  active: z.boolean().default(true),
});
export const surveyResultsSchema = z.object({
  surveyId: z.string(),
  title: z.object({ en: z.string(), hi: z.string() }),
  active: z.boolean(),
  responses: z.number().int(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      kind: z.enum(QUESTION_KINDS),
      text: z.string(),
      answered: z.number().int(),
      counts: z.record(z.string(), z.number().int()),
      average: z.number().nullable(),
    }),
  ),
});
export const surveyListSchema = z.array(surveyResultsSchema);
