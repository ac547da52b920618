// The console's only module that knows the server's envelope (docs: the console contract):
//   success  {"code":1,"msg":"","data":…}               -> resolves with data
//   refusal  {"code":0,"msg":"…","err":"<key>"}         -> rejects with ConsoleApiError(key, msg)
//   HTTP 401 (staff_sign_in_required)                  -> the held session has ended: the
//                                                          shell goes back to the sign-in screen
//   HTTP 403 (no_permission, csrf_refused) and others  -> rejects; the screen shows the msg
// Every call sends `lang`; every change (non-GET) sends the session's `x-csrf-token`. The
// session cookie is HttpOnly on /admin: `credentials: 'same-origin'`.
import { currentLanguage, text } from '@/console/i18n/i18n';
import { csrfToken, getSessionState, sessionExpired } from '@/console/lib/session';

/** The console API, absolute: the console is served at /admin/ (also on its own listener). */
export const API_BASE = '/admin/api/';
export const API_TIMEOUT_MS = 10_000;

export class ConsoleApiError extends Error {
  readonly key: string;
  readonly msg: string;
  readonly status: number;

  constructor(key: string, msg: string, status: number) {
    super(msg === '' ? key : msg);
    this.name = 'ConsoleApiError';
    this.key = key;
    this.msg = msg;
    this.status = status;
  }
}

type Method = 'GET' | 'POST' | 'DELETE';
type Envelope = { code?: unknown; msg?: unknown; err?: unknown; data?: unknown };

export const apiUrl = (path: string): string => API_BASE + path.replace(/^\/+/, '');

async function send(method: Method, path: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', lang: currentLanguage() };
  const csrf = csrfToken();
  if (method !== 'GET' && csrf !== null) headers['x-csrf-token'] = csrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  try {
    return await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw timedOut
      ? new ConsoleApiError('timeout', text('err_timeout'), 0)
      : new ConsoleApiError('network', text('err_network'), 0);
  } finally {
    clearTimeout(timer);
  }
}

async function envelopeOf(response: Response): Promise<Envelope | null> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Envelope)
      : null;
  } catch {
    return null;
  }
}

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;

/** Sends one call and unwraps its envelope (see the top of this file). */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const heldSession = getSessionState().session;
  const response = await send(method, path, body);
  const envelope = await envelopeOf(response);
  if (response.status === 401) {
    // Only a held session can end; a 401 before any (start, sign-in) is just "signed out".
    if (heldSession !== undefined && heldSession !== null) sessionExpired();
    throw new ConsoleApiError(
      stringOr(envelope?.err, 'staff_sign_in_required'),
      stringOr(envelope?.msg, text('session_ended')),
      401,
    );
  }
  if (envelope?.code === 1 && response.ok) return envelope.data as T;
  const fallback = response.ok ? text('err_failed') : text('err_http', { status: response.status });
  throw new ConsoleApiError(
    stringOr(envelope?.err, response.ok ? 'failed' : `http_${response.status}`),
    stringOr(envelope?.msg, fallback),
    response.status,
  );
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: object = {}) => request<T>('POST', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The text to show for a failed call, in the active language. */
export function describeError(error: unknown): string {
  return error instanceof ConsoleApiError && error.msg !== '' ? error.msg : text('err_failed');
}
