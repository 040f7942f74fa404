// the zod-free constants: this module is in the first bundle, the schema library is not (ADR 151)
import { SUCCESS_CODE } from '@bhada/contracts/constants';
import type { z } from 'zod';
import { i18n } from './i18n.ts';
import { notify } from './notify.ts';
import { paths } from './paths.ts';
import { ensureSessionId, storage } from './storage.ts';

/**
 * The one HTTP client (spec: fastag-payments-shell §7.5 and §8). Every call to /api goes through
 * here so the headers, the cache-busting timestamp and the 401/409/400 rules live in one place.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly field?: string;
  constructor(status: number, errorCode: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.field = field;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type Hooks = { navigate: (path: string) => void; reload: () => void };
const defaultHooks: Hooks = {
  navigate: (path) => window.location.assign(path),
  reload: () => window.location.reload(),
};
let hooks: Hooks = { ...defaultHooks };

/** The router installs its navigate so a 401 stays a client-side transition; tests install spies. */
export function setHttpHooks(next: Partial<Hooks>): void {
  hooks = { ...hooks, ...next };
}
export function resetHttpHooks(): void {
  hooks = { ...defaultHooks };
}

export const DEFAULT_UTM_SOURCE = 'DEMAND_PAGE';
export const DEFAULT_LOCALE = 'hi';
const DEFAULT_PLATFORM = 'web';

export type RequestOptions<T> = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** validates `data` with the endpoint's contract; a mismatch is a bug, not a user error */
  schema?: z.ZodType<T>;
  /** set when the caller shows a 400 next to the field itself instead of the global snackbar */
  quiet400?: boolean;
  /**
   * a key that makes a money-moving request safe to repeat: the server answers a repeat with the
   * first answer (a double tap or a retry after a dropped connection moves money once)
   */
  idempotencyKey?: string;
  /** a 409 that answers the request (a duplicate, fleet issue 12) and is shown by the caller instead of reloading */
  keep409?: boolean;
};

/** A fresh key for one user action; reuse it for that action's retries. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function utmSource(): string {
  try {
    return new URLSearchParams(window.location.search).get('utm_source') || DEFAULT_UTM_SOURCE;
  } catch {
    return DEFAULT_UTM_SOURCE;
  }
}

export function buildHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    locale: storage.get('locale') ?? DEFAULT_LOCALE,
    'session-id': ensureSessionId(),
    'utm-source': utmSource(),
    'X-APP-VERSION': storage.get('appVersion') ?? import.meta.env.VITE_APP_VERSION ?? '0.0.0',
    'X-APP-PLATFORM': storage.get('platform') ?? DEFAULT_PLATFORM,
  };
  const token = storage.get('accessToken');
  if (token) headers.token = token;
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  // spec: §7.5 — every request carries a timestamp so no cache in between answers a stale copy
  url.searchParams.set('_ts', String(Date.now()));
  // absolute, so the same code runs under the browser, the webview and Node-based tests
  return url.toString();
}

type EnvelopeBody = { success?: boolean; data?: unknown; message?: string; errorCode?: string; field?: string };

async function readBody(response: Response): Promise<EnvelopeBody | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as EnvelopeBody;
  } catch {
    return undefined;
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: options.idempotencyKey ? { ...buildHeaders(hasBody), 'idempotency-key': options.idempotencyKey } : buildHeaders(hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', i18n.t('common:networkError'));
  }

  const body = await readBody(response);
  const message = body?.message || i18n.t('common:somethingWentWrong');

  if (response.status === 401) {
    storage.clearSession();
    hooks.navigate(paths.login);
    throw new ApiError(401, body?.errorCode ?? 'UNAUTHENTICATED', message);
  }
  if (response.status === 409 && !options.keep409) {
    hooks.reload();
    throw new ApiError(409, body?.errorCode ?? 'CONFLICT', message);
  }
  if (response.status === 429) {
    // a limited request tells the user to wait, in the user's language, instead of leaving the page empty
    const text = i18n.t('common:rateLimited');
    notify.snackbar(text, 'error');
    throw new ApiError(429, 'RATE_LIMITED', text);
  }
  if (response.status === 400) {
    if (!options.quiet400) notify.snackbar(message, 'error');
    throw new ApiError(400, body?.errorCode ?? 'VALIDATION_FAILED', message, body?.field);
  }
  // spec: any errorCode other than "200" is a failure, even inside a 2xx
  if (!response.ok || !body || body.errorCode !== SUCCESS_CODE || body.success === false) {
    throw new ApiError(response.status, body?.errorCode ?? 'INTERNAL', message, body?.field);
  }

  return options.schema ? options.schema.parse(body.data) : (body.data as T);
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('DELETE', path, options),
};
