/**
 * The support area's entries in the authorisation matrix (issue 14). Tickets, messages and uploads of
 * an unknown or another operator's ticket answer 404; the desk and the review queues are the admin's.
 */
const operator = (own = false) => ({ access: { kind: 'operator' as const, own } });
const operatorUser = { access: { kind: 'operatorUser' as const } };
const admin = { access: { kind: 'admin' as const } };

export const SUPPORT_ACCESS = {
  'GET /api/rest/tesseract/v1/ticket': operator(),
  'POST /api/rest/tesseract/v1/ticket': operator(),
  'GET /api/rest/tesseract/v1/ticket/{id}': operator(true),
  'POST /api/rest/tesseract/v1/ticket/{id}/messages': operator(true),
  'POST /api/rest/tesseract/v1/ticket/{id}/upload-url': operator(true),
  'POST /api/rest/tesseract/v1/ticket/{id}/close': operator(true),
  'GET /api/admin/tickets': admin,
  'GET /api/admin/tickets/{id}': admin,
  'POST /api/admin/tickets/{id}/assign': admin,
  'POST /api/admin/tickets/{id}/messages': admin,
  'POST /api/admin/tickets/{id}/upload-url': admin,
  'POST /api/admin/tickets/{id}/resolve': admin,
  'GET /api/odin/operator-web/survey/question-response': operatorUser,
  'POST /api/odin/operator-web/survey/question-response': operatorUser,
  'GET /api/rest/tesseract/v1/config/rating/training-info': operatorUser,
  'GET /api/rest/tesseract/v1/config/trip-training': operatorUser,
  'PUT /api/rest/tesseract/v1/config/training/status': operatorUser,
  'GET /api/rest/tesseract/v1/config/welang': operatorUser,
  'POST /api/rest/tesseract/v1/config/widget-acknowledgement': operatorUser,
  'GET /api/rest/tesseract/v1/operator/rating-story': operatorUser,
  'GET /api/admin/surveys': admin,
  'POST /api/admin/surveys': admin,
  'GET /api/rest/tesseract/v1/operator/odvtRateCardStatus': operator(),
  'POST /api/rest/tesseract/v1/operator/odvtRateCardStatus': operator(),
  'GET /api/admin/rate-cards': admin,
  'POST /api/admin/rate-cards/{id}/decision': admin,
  'GET /api/shield/referral/link': operator(),
  // the join form behind a referral link: the person joining has no account yet
  'POST /api/shield/referral/form-submit': { access: { kind: 'public' as const } },
};

/** Support's tables: a refused call may change none of their rows. */
export const SUPPORT_TABLES = [
  'ticket_messages',
  'ticket_files',
  'survey_responses',
  'training_completions',
  'widget_acknowledgements',
  'rate_cards',
  'referral_codes',
  'referral_confirmations',
  'referrals',
];
