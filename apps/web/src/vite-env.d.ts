/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BUILD_DATE: string;
  readonly VITE_APP_VERSION: string;
  readonly VITE_CUSTOM_LOGO_OPERATOR_ID?: string;
  readonly VITE_CUSTOM_LOGO_URL?: string;
  readonly VITE_CUSTOM_LOGO_LINK?: string;
  readonly VITE_HIDE_DEMO_HINT?: string;
  readonly VITE_HELPLINE?: string;
  readonly VITE_FASTAG_FORM_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
