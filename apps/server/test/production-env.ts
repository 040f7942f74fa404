/**
 * What a production configuration needs for its SMS provider (issue 46, ADR 265): tests that start the app in
 * production mode add these. The host is a closed local port, so nothing leaves the machine.
 */
export const PRODUCTION_SMS_ENV = {
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'test-msg91-auth-key',
  MSG91_SENDER_ID: 'BHADAT',
  MSG91_TEMPLATE_LOGIN_OTP: 'test-login-template',
  MSG91_HOST: 'http://127.0.0.1:9',
  SMS_WEBHOOK_SECRET: 'test-sms-webhook-secret-0123456789',
} as const;
