import { notifications } from '@mantine/notifications';

/**
 * The toast and snackbar of the app shell (spec: fastag-payments-shell §2.10, §9). Kept apart from
 * the React tree so the HTTP client can raise a snackbar, and tests can spy on it.
 */
export const TOAST_TIMEOUT_MS = 5000;
export const SHORT_TOAST_TIMEOUT_MS = 2000;
export const SNACKBAR_TIMEOUT_MS = 3000;

export type ToastOptions = {
  msg?: string;
  timeout?: number;
  /** reload the page once the toast has gone (the spec's "refresh") */
  refresh?: boolean;
  success?: boolean;
};

let defaultToastText = 'Successful';
/** i18n sets this so the default toast text follows the language. */
export function setDefaultToastText(text: string): void {
  defaultToastText = text;
}

let reloadPage = () => window.location.reload();
export function setNotifyReload(fn: () => void): void {
  reloadPage = fn;
}

export const notify = {
  toast({ msg, timeout = TOAST_TIMEOUT_MS, refresh = false, success = true }: ToastOptions = {}): string {
    return notifications.show({
      message: msg ?? defaultToastText,
      position: 'top-center',
      autoClose: timeout,
      color: success ? 'teal' : 'red',
      onClose: refresh ? () => reloadPage() : undefined,
    });
  },
  snackbar(msg: string, kind: 'error' | 'success' = 'error'): string {
    return notifications.show({
      message: msg,
      position: 'top-right',
      autoClose: SNACKBAR_TIMEOUT_MS,
      color: kind === 'error' ? 'red' : 'teal',
    });
  },
};

export const toast = (options?: ToastOptions) => notify.toast(options);
export const snackbar = (msg: string, kind?: 'error' | 'success') => notify.snackbar(msg, kind);
