/**
 * The contracts hold the validation texts once, in English (STYLE §7); this maps each text to its
 * i18n key so a Hindi user reads the same rule in Hindi. Unknown texts are shown as they come.
 */
const KEY_BY_MESSAGE: Record<string, string> = {
  'Enter a 10-digit mobile number': 'common:validation.phoneRequired',
  'Enter a valid 10-digit Indian mobile number': 'common:validation.phoneInvalid',
  'Enter the 6-digit code': 'common:validation.otpInvalid',
  'Name is required': 'common:validation.nameRequired',
  'Name is too short': 'common:validation.nameShort',
  'Enter a valid email': 'common:validation.emailInvalid',
  'Choose a role': 'common:validation.roleRequired',
  'Role name is required': 'common:validation.roleNameRequired',
  'Role name is too short': 'common:validation.roleNameShort',
  'Choose at least one permission': 'common:validation.permissionsRequired',
};

export function translateValidation(t: (key: string) => string, message: unknown): string | undefined {
  if (typeof message !== 'string' || !message) return undefined;
  const key = KEY_BY_MESSAGE[message];
  return key ? t(key) : message;
}
