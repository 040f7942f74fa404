/**
 * Who may call the account area's operations (issue 13), read by the authorisation matrix. Profile, config
 * changes, policies and declarations need ACCOUNT_MANAGE; the app config and saved places any operator user;
 * settings, client events and place search any signed-in user.
 */
const operator = { access: { kind: 'operator' as const } };
const ownOperator = { access: { kind: 'operator' as const, own: true } };
const operatorUser = { access: { kind: 'operatorUser' as const } };
const user = { access: { kind: 'user' as const } };
const admin = { access: { kind: 'admin' as const } };

export const ACCOUNT_ACCESS = {
  // logging in needs no session; logging out and who am I need one
  'POST /api/auth/otp': { access: { kind: 'public' as const } },
  'POST /api/auth/verify': { access: { kind: 'public' as const } },
  'POST /api/auth/logout': user,
  'GET /api/auth/me': user,
  'GET /api/rest/tesseract/v1/profile': operator,
  'PUT /api/rest/tesseract/v1/profile': operator,
  'PATCH /api/rest/tesseract/v1/profile/operative': operator,
  'POST /api/rest/tesseract/v1/profile/onboarding/unsubsribe': operator,
  'GET /api/rest/tesseract/v1/config/app': operatorUser,
  'PATCH /api/rest/tesseract/v1/config/app': operator,
  'GET /api/odin/operator-web/services/info/app-config': operatorUser,
  'GET /api/odin/operator-web/services/info/show-vehicle-availability': operatorUser,
  'GET /api/setting': user,
  'POST /api/setting': user,
  'GET /api/policy': { access: { kind: 'operatorUser' as const }, query: { type: 'terms-of-use' } },
  'POST /api/policy': operator,
  'GET /api/policy/pending': operatorUser,
  'POST /api/odin/operator-app/log-event': user,
  'GET /api/admin/client-events/counts': admin,
  'GET /api/odin/operator-app/v1/profile/tds-declaration': operator,
  'POST /api/odin/operator-app/v1/profile/tds-declaration': operator,
  'GET /api/odin/operator-app/v1/profile/tds-declaration/{id}/pdf': ownOperator,
  'GET /api/supply/operator/tds-declaration': operator,
  'POST /api/supply/operator/tds-declaration': operator,
  'GET /api/supply/operator/undertaking': operator,
  'POST /api/supply/operator/undertaking': operator,
  'GET /api/odin/v2/map/app/search': user,
  'GET /api/odin/v2/map/app/autocomplete': { access: { kind: 'operatorUser' as const }, query: { type: 'place' } },
  'POST /api/odin/v2/map/app/selection': user,
  // every kind of user keeps saved places in its own account (ADR 115)
  'GET /api/odin/v2/map/app/saved-places': user,
  'POST /api/odin/v2/map/app/saved-places': user,
  'DELETE /api/odin/v2/map/app/saved-places/{id}': user,
};
