/**
 * The driver's link (issue 49) and the message channels (issue 46) in the authorisation matrix: who may call
 * each of their operations.
 */
const link = { access: { kind: 'link' as const } };
const pub = { access: { kind: 'public' as const } };
const ownTrip = { access: { kind: 'operator' as const, own: true }, params: { id: 'trip' as const } };

export const DRIVER_AND_MESSAGES_ACCESS = {
  // the login screen's delivery status: named by the code request's id, no session yet (ADR 268)
  'GET /api/auth/otp/{requestId}/delivery': pub,
  // the SMS provider's delivery reports: the webhook key in the URL, never a session (ADR 266)
  'POST /api/messages/sms/reports': pub,
  'GET /api/admin/messages': { access: { kind: 'admin' as const } },
  // the driver's link (ADR 260): the signed token in the path is the permission, a session opens nothing
  'GET /api/driver/{token}/trip': link,
  'POST /api/driver/{token}/stage': link,
  'POST /api/driver/{token}/delay': link,
  'POST /api/driver/{token}/positions': link,
  'POST /api/driver/{token}/location': link,
  'POST /api/driver/{token}/pod/upload-url': link,
  'POST /api/driver/{token}/pod/confirm': link,
  'POST /api/driver/{token}/pod/submit': link,
  'GET /api/rest/tesseract/v2/trip/{id}/driver-link': ownTrip,
  'POST /api/rest/tesseract/v2/trip/{id}/driver-link': ownTrip,
  'DELETE /api/rest/tesseract/v2/trip/{id}/driver-link': ownTrip,
};
