import { z } from 'zod';

// The support area: training, welang, widgets, rating story.

export const trainingCardSchema = z.object({
  title: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
});
export const trainingModuleSchema = z.object({
  id: z.string(),
  type: z.string(),
  source: z.string(),
  title: z.string(),
  cards: z.array(trainingCardSchema),
  completed: z.boolean(),
});
export type TrainingModule = z.infer<typeof trainingModuleSchema>;
export const trainingInfoQuerySchema = z.object({ page: z.coerce.number().int().min(0).max(1000).default(0) });
export const trainingInfoResponseSchema = z.object({
  modules: z.array(trainingModuleSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export const tripTrainingQuerySchema = z.object({
  type: z.string().trim().min(1, 'type is required').max(40),
  source: z.string().trim().max(40).default('APP'),
});
export const trainingStatusQuerySchema = z.object({
  type: z.string().trim().min(1, 'type is required').max(40),
  id: z.string().trim().min(1, 'id is required').max(40),
});
export const trainingStatusResponseSchema = z.object({ id: z.string(), completed: z.literal(true), completedAt: z.string() });

export const welangConfigSchema = z.object({
  locales: z.array(z.object({ code: z.enum(['hi', 'en']), label: z.string() })),
  current: z.enum(['hi', 'en']),
  /** the language welcome is shown until the user acknowledges the WELANG widget */
  showLanguagePrompt: z.boolean(),
  pendingTraining: z.number().int(),
});
export const WIDGETS = ['WELANG', 'FEEDBACK', 'RATING_STORY', 'REFERRAL', 'TRAINING'] as const;
export const widgetAckRequestSchema = z.object({
  widget: z.enum(WIDGETS, { error: 'Unknown widget' }),
  refId: z.string().max(60).optional(),
});
export const widgetAckResponseSchema = z.object({ widget: z.string(), acknowledgedAt: z.string() });

export const ratingComponentSchema = z.object({
  key: z.enum(['ON_TIME_LOADING', 'POD_SPEED', 'CANCELLATIONS']),
  score: z.number(),
  weight: z.number(),
  value: z.number().nullable(),
  sample: z.number().int(),
});
export const ratingStorySchema = z.object({
  rating: z.number().nullable(),
  trips: z.number().int(),
  components: z.array(ratingComponentSchema),
});
export type RatingStory = z.infer<typeof ratingStorySchema>;
