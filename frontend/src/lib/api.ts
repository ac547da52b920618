// The only module that knows the server's envelope:
//   success  {"code":1,"msg":"","data":…}            -> resolves with data
//   failure  {"code":0,"msg":"…","err":"<key>",…}    -> toast msg, rejects with ApiError
//   ret 226/266/205/555 (forced logout)             -> logout, login page
//   HTTP 401 to a request with a token              -> "login expired" confirm dialog
// plus the transport errors of the spec's catalogue (network, time-out, other HTTP status).
import { currentLanguage, t } from '@/i18n/i18n';
import { confirm, toast } from '@/lib/notify';
import type { ReplyKey } from '@/lib/reply-cipher';
import { getToken, logout } from '@/lib/session';

export const API_TIMEOUT_MS = 10_000;
export const LOGOUT_RETS: ReadonlySet<number> = new Set([226, 266, 205, 555]);

/** Base URL of the API; empty means "relative to index.html" (the binary serves both). */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  readonly key: string;
  readonly msg: string;
  readonly status: number;
  readonly ret: number | undefined;

  constructor(key: string, msg: string, status = 200, ret?: number) {
    super(msg === '' ? key : msg);
    this.name = 'ApiError';
    this.key = key;
    this.msg = msg;
    this.status = status;
    this.ret = ret;
  }
}

export type Scalar = string | number | boolean | null | undefined;
export type Params = Record<string, Scalar>;

export type RequestOptions = {
  /** Query parameters (GET) — empty, null and undefined values are skipped. */
  params?: Params;
  /** JSON body (POST). */
  data?: unknown;
  /** Multipart body (POST), e.g. an image upload; replaces `data`. */
  form?: FormData;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Do not send the stored token. */
  skipToken?: boolean;
  /** Reject without toasts or the 401 dialog (the caller reports the failure itself). */
  silent?: boolean;
  signal?: AbortSignal;
};

type Envelope = {
  code?: unknown;
  msg?: unknown;
  err?: unknown;
  ret?: unknown;
  data?: unknown;
};

export function buildUrl(path: string, params?: Params): string {
  const clean = path.replace(/^\/+/, '');
  const url = API_BASE === '' ? clean : `${API_BASE.replace(/\/+$/, '')}/${clean}`;
  if (params === undefined) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.append(key, String(value));
  }
  const text = query.toString();
  return text === '' ? url : `${url}?${text}`;
}

let sessionDialog: Promise<boolean> | null = null;

/** One dialog for any number of parallel 401 answers. */
function askToLogInAgain(): Promise<boolean> {
  if (sessionDialog === null) {
    sessionDialog = confirm({
      message: t('session_expired'),
      confirmText: t('session_relogin'),
      cancelText: t('session_stay'),
    }).then((relogin) => {
      sessionDialog = null;
      if (relogin) logout();
      return relogin;
    });
  }
  return sessionDialog;
}

function httpMessage(status: number): string {
  if (status === 403) return t('err_http_403', { status });
  if (status === 404) return t('err_http_404', { status });
  return t('err_http_other', { status });
}

function fail(error: ApiError, silent: boolean): never {
  if (!silent) toast(error.msg, 'error');
  throw error;
}

/** Sends a request with the session and language headers; the transport errors reject. */
async function send(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions,
): Promise<{ response: Response; hasToken: boolean }> {
  const silent = options.silent ?? false;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    lang: currentLanguage(),
    ...options.headers,
  };
  const token = getToken();
  if (token !== null && options.skipToken !== true) headers.token = token;

  let body: string | FormData | undefined;
  if (method === 'POST' && options.form !== undefined) {
    // The browser writes the multipart Content-Type with its boundary.
    body = options.form;
  } else if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.data ?? {});
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = () => controller.abort();
  outer?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, method === 'GET' ? options.params : undefined), {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (timedOut) fail(new ApiError('timeout', t('err_timeout'), 0), silent);
    if (outer?.aborted === true) throw cause;
    fail(new ApiError('network', t('err_network'), 0), silent);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
  return { response, hasToken: headers.token !== undefined };
}

/** The data of an envelope reply; every refusal, logout and HTTP error rejects (see above). */
async function readReply<T>(response: Response, hasToken: boolean, silent: boolean): Promise<T> {
  if (response.status === 401) {
    const envelope = await readJson(response);
    const error = new ApiError(
      stringOr(envelope?.err, 'login_required'),
      stringOr(envelope?.msg, t('err_http_401')),
      401,
      numberOr(envelope?.ret),
    );
    // Only a session can expire: a request sent without one (e.g. a refetch right after a
    // forced logout) is refused quietly, without asking to stay.
    if (!silent && hasToken) void askToLogInAgain();
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    fail(
      new ApiError(`http_${response.status}`, httpMessage(response.status), response.status),
      silent,
    );
  }

  const envelope = await readJson(response);
  if (envelope === null)
    fail(new ApiError('bad_response', t('err_bad_response'), response.status), silent);

  const ret = numberOr(envelope.ret);
  const msg = stringOr(envelope.msg, '');
  if (ret !== undefined && LOGOUT_RETS.has(ret)) {
    const error = new ApiError(stringOr(envelope.err, 'login_required'), msg, response.status, ret);
    if (!silent && msg !== '') toast(msg, 'error');
    logout();
    throw error;
  }
  if (envelope.code === 1) return envelope.data as T;
  if (envelope.code === 202)
    fail(new ApiError('not_found', msg === '' ? '404' : msg, response.status), silent);
  fail(
    new ApiError(
      stringOr(envelope.err, 'failed'),
      msg === '' ? t('err_failed') : msg,
      response.status,
      ret,
    ),
    silent,
  );
}

export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { response, hasToken } = await send(method, path, options);
  return readReply<T>(response, hasToken, options.silent ?? false);
}

/** A file the server sent as an attachment. */
export type Download = { blob: Blob; fileName: string };

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function attachmentName(disposition: string | null): string | null {
  if (disposition === null || !/^\s*attachment/i.test(disposition)) return null;
  const match = /filename="([^"]+)"/i.exec(disposition) ?? /filename=([^;\s]+)/i.exec(disposition);
  return match?.[1] ?? '';
}

/**
 * GET a file (the statement's CSV) with the session header. A reply that is not an attachment
 * is an envelope: a refusal rejects with its toast like any other call.
 */
export async function download(
  path: string,
  params?: Params,
  options: CallOptions = {},
): Promise<Download> {
  const silent = options.silent ?? false;
  const headers = { Accept: 'text/csv, application/json', ...options.headers };
  const { response, hasToken } = await send('GET', path, { ...options, params, headers });
  const fileName = attachmentName(response.headers.get('content-disposition'));
  if (response.ok && fileName !== null) {
    return { blob: await response.blob(), fileName: fileName === '' ? 'download' : fileName };
  }
  await readReply<unknown>(response, hasToken, silent);
  fail(new ApiError('bad_response', t('err_bad_response'), response.status), silent);
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

let replyKey: Promise<ReplyKey | null> | null = null;

/** The key of encrypted replies, from the plain config call; asked once, again after a failure. */
function replyKeyOnce(): Promise<ReplyKey | null> {
  replyKey ??= fetch(buildUrl('api/index/config'), { headers: { Accept: 'application/json' } })
    .then((response) => response.json())
    .then((value: unknown) => {
      const data = isEnvelope(value) ? value.data : null;
      const encryption = isEnvelope(data) ? (data as { encryption?: unknown }).encryption : null;
      if (isEnvelope(encryption)) return encryption as ReplyKey;
      replyKey = null;
      return null;
    })
    .catch(() => {
      replyKey = null;
      return null;
    });
  return replyKey;
}

/** The envelope of a reply: JSON, or (spec section 7) an encrypted body that is not an object. */
async function readJson(response: Response): Promise<Envelope | null> {
  try {
    const text = await response.text();
    let value: unknown = text;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      // not JSON: an encrypted reply
    }
    if (isEnvelope(value)) return value;
    const key = await replyKeyOnce();
    if (key === null) return null;
    // Loaded only when a reply is encrypted: the cipher stays out of the first load.
    const { decryptReply } = await import('@/lib/reply-cipher');
    const plain = decryptReply(typeof value === 'string' ? value : text, key);
    return isEnvelope(plain) ? plain : null;
  } catch {
    return null;
  }
}

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;
const numberOr = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

/** Uploads wait longer than other calls: a phone may send a few megabytes. */
export const UPLOAD_TIMEOUT_MS = 60_000;

type CallOptions = Omit<RequestOptions, 'params' | 'data' | 'form'>;

export const api = {
  get: <T>(path: string, params?: Params, options: CallOptions = {}) =>
    request<T>('GET', path, { ...options, params }),
  post: <T>(path: string, data?: unknown, options: CallOptions = {}) =>
    request<T>('POST', path, { ...options, data }),
  /** POST multipart/form-data (files and text fields). */
  upload: <T>(path: string, form: FormData, options: CallOptions = {}) =>
    request<T>('POST', path, { timeoutMs: UPLOAD_TIMEOUT_MS, ...options, form }),
};

/** The URL of a server-relative media path such as "media/avatars/<file>" (absolute URLs pass). */
export function mediaUrl(path: string): string {
  if (path === '' || /^(?:https?:|data:|blob:)/i.test(path)) return path;
  return buildUrl(path);
}

/** The user-facing text of an error, translated with the language active now. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return t('err_failed');
  if (error.key === 'network') return t('err_network');
  if (error.key === 'timeout') return t('err_timeout');
  if (error.key.startsWith('http_')) return httpMessage(error.status);
  return error.msg === '' ? t('err_failed') : error.msg;
}
