/** Build-time settings of the web app (Vite env, read once). */
export const config = {
  /** spec: marketplace §1 — one operator id gets its own logo and link */
  customLogoOperatorId: import.meta.env.VITE_CUSTOM_LOGO_OPERATOR_ID || 'OP1003',
  customLogoUrl: import.meta.env.VITE_CUSTOM_LOGO_URL || '/custom-logo.svg',
  customLogoLink: import.meta.env.VITE_CUSTOM_LOGO_LINK || 'https://yadavlogistics.in',
  hideDemoHint: Boolean(import.meta.env.VITE_HIDE_DEMO_HINT),
  helpline: import.meta.env.VITE_HELPLINE || '',
};
