import { useSyncExternalStore } from 'react';

/**
 * Every value the portal keeps in the browser (spec: fastag-payments-shell §1), behind one typed
 * module so no component reads localStorage by a string of its own.
 */
export type StoredValues = {
  accessToken: string;
  userCode: string;
  operatorId: string;
  locale: 'en' | 'hi';
  name: string;
  menuType: 'OPERATOR' | 'CONSIGNER' | 'ADMIN';
  referralUrl: string;
  sessionId: string;
  appName: string;
  appVersion: string;
  platform: string;
};
export type StorageKey = keyof StoredValues;

/** What belongs to the logged-in user and goes away on logout; the rest describes the device. */
const SESSION_KEYS: readonly StorageKey[] = ['accessToken', 'userCode', 'operatorId', 'name', 'menuType', 'referralUrl'];

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function backend(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // private mode or a locked-down webview: the portal still works for this page view
    return undefined;
  }
}

export const storage = {
  get<K extends StorageKey>(key: K): StoredValues[K] | undefined {
    const value = backend()?.getItem(key);
    return value === null || value === undefined ? undefined : (value as StoredValues[K]);
  },
  set<K extends StorageKey>(key: K, value: StoredValues[K] | null | undefined): void {
    if (value === null || value === undefined || value === '') backend()?.removeItem(key);
    else backend()?.setItem(key, value);
    emit();
  },
  setMany(values: Partial<{ [K in StorageKey]: StoredValues[K] | null }>): void {
    for (const [key, value] of Object.entries(values)) {
      if (value === null || value === undefined || value === '') backend()?.removeItem(key);
      else backend()?.setItem(key, value);
    }
    emit();
  },
  clearSession(): void {
    for (const key of SESSION_KEYS) backend()?.removeItem(key);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** A stored value that re-renders its reader when it changes (login, logout, /me refresh). */
export function useStored<K extends StorageKey>(key: K): StoredValues[K] | undefined {
  return useSyncExternalStore(storage.subscribe, () => storage.get(key));
}

/** The session id groups one browser's requests in the server logs; created once per device. */
export function ensureSessionId(): string {
  const existing = storage.get('sessionId');
  if (existing) return existing;
  const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  storage.set('sessionId', id);
  return id;
}
