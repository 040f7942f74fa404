import { storage } from './storage.ts';

/**
 * Talks to the native app when the portal runs inside its webview (ARCHITECTURE §6). In a plain
 * browser there is no bridge and every call is a no-op, so callers never branch on it.
 */
type NativeWindow = Window & { ReactNativeWebView?: { postMessage(message: string): void } };

export type NativeMessage = { type: string; payload?: unknown };

export const nativeBridge = {
  get available(): boolean {
    return typeof window !== 'undefined' && Boolean((window as NativeWindow).ReactNativeWebView);
  },
  post(message: NativeMessage): void {
    (window as NativeWindow).ReactNativeWebView?.postMessage(JSON.stringify(message));
  },
};

/** Compares dotted versions ("12.8.1"); the spec gates native features on minimum app versions. */
export function isVersionAtLeast(version: string | undefined, minimum: string): boolean {
  if (!version) return false;
  const a = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const b = minimum.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

/** spec: fastag-payments-shell §9 — minimum app versions for the native header and the native back. */
export const MIN_APP_VERSION_HEADER = '12.8.1';
export const MIN_APP_VERSION_NATIVE_BACK = '18.2.0';

/**
 * Whether this page runs inside the native app's webview (the app injects its bridge, or handed over
 * a phone platform with the session), where the app, not the portal, draws the header and back.
 */
export function runsInNativeApp(): boolean {
  if (nativeBridge.available) return true;
  const platform = storage.get('platform');
  return platform === 'android' || platform === 'ios';
}
