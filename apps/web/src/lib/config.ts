/** Build-time settings of the web app (Vite env, read once). */
export const config = {
  /** spec: marketplace §1 — one operator id gets its own logo and link */
  customLogoOperatorId: import.meta.env.VITE_CUSTOM_LOGO_OPERATOR_ID || 'OP1003',
  customLogoUrl: import.meta.env.VITE_CUSTOM_LOGO_URL || '/custom-logo.svg',
  customLogoLink: import.meta.env.VITE_CUSTOM_LOGO_LINK || 'https://yadavlogistics.in',
  hideDemoHint: Boolean(import.meta.env.VITE_HIDE_DEMO_HINT),
  helpline: import.meta.env.VITE_HELPLINE || '',
  /**
   * CONFIGURABLE (ADR 046): the Fastag page's helpline. Set VITE_HELPLINE to the operator support
   * desk; the default is NHAI's national highway helpline 1033, which takes FASTag complaints.
   */
  fastagHelpline: import.meta.env.VITE_HELPLINE || '1033',
  /**
   * CONFIGURABLE (ADR 046): where "Get Fastag" on the promo page leads (the tag request form).
   * Empty by default: the button then calls the helpline instead of opening an invented address.
   */
  fastagFormUrl: import.meta.env.VITE_FASTAG_FORM_URL || '',
};
