import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { api, ApiError, buildUrl, describeError } from '@/lib/api';
import { getDialogs, getToast } from '@/lib/notify';
import { clearSession, getToken, setLogoutHandler, startSession } from '@/lib/session';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

const onLogout = vi.fn();

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  onLogout.mockReset();
  setLogoutHandler(onLogout);
  clearSession();
});

afterEach(() => {
  for (const dialog of getDialogs()) dialog.settle(false);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client: envelope', () => {
  it('returns data on code 1 and sends token and lang headers', async () => {
    startSession('tok-1', { id: 1 });
    const { calls } = mockFetch(() => jsonResponse(envelope({ id: 7, balance: '0.00' })));
    const data = await api.get<{ id: number }>('api/personal/index');
    expect(data).toEqual({ id: 7, balance: '0.00' });
    expect(calls[0]?.url).toBe('api/personal/index');
    expect(calls[0]?.headers.token).toBe('tok-1');
    expect(calls[0]?.headers.lang).toBe('en');
  });

  it('sends no token header when logged out or when asked to skip it', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope(null)));
    await api.get('api/index/config');
    startSession('tok-2', {});
    await api.post('api/login/post', { account: 'a' }, { skipToken: true });
    expect(calls[0]?.headers.token).toBeUndefined();
    expect(calls[1]?.headers.token).toBeUndefined();
  });

  it('writes GET params as a query string, skipping empty values', () => {
    expect(
      buildUrl('/api/trend/index', { page: 2, limit: 20, room: '', q: null, x: undefined }),
    ).toBe('api/trend/index?page=2&limit=20');
    expect(buildUrl('api/index/config', {})).toBe('api/index/config');
  });

  it('posts JSON', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ token: 't' })));
    await api.post('api/login/post', { account: '13800000000', password: 'secret1' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ account: '13800000000', password: 'secret1' });
  });

  it('throws ApiError {key, msg} on code 0 and toasts the server message', async () => {
    mockFetch(() =>
      jsonResponse({ code: 0, msg: 'Mật khẩu đăng nhập sai', err: 'login_failed', data: null }),
    );
    const error = await rejection(api.post('api/login/post', {}));
    expect(error.key).toBe('login_failed');
    expect(error.msg).toBe('Mật khẩu đăng nhập sai');
    expect(getToast()?.text).toBe('Mật khẩu đăng nhập sai');
  });

  it('stays quiet when the caller asks for silence', async () => {
    mockFetch(() => jsonResponse({ code: 0, msg: 'quiet failure', err: 'bad_params', data: null }));
    const error = await rejection(api.get('api/x', undefined, { silent: true }));
    expect(error.key).toBe('bad_params');
    expect(getToast()?.text).not.toBe('quiet failure');
  });
});

describe('api client: forced logout and 401', () => {
  it('logs out at once, without the dialog, when the server ended the session (ret 226)', async () => {
    startSession('tok', {});
    mockFetch(() =>
      jsonResponse({ code: 0, ret: 226, err: 'session_ended', msg: 'ended', data: null }),
    );
    const error = await rejection(api.get('api/personal/index'));
    expect(error.key).toBe('session_ended');
    expect(getDialogs()).toHaveLength(0);
    expect(getToken()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it.each([226, 266, 205, 555])('logs out on ret %i', async (ret) => {
    startSession('tok', {});
    mockFetch(() =>
      jsonResponse({ code: 0, ret, err: 'account_frozen', msg: 'frozen', data: null }),
    );
    const error = await rejection(api.get('api/personal/index'));
    expect(error.ret).toBe(ret);
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('fairhall.user')).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('asks before logging out on HTTP 401; confirm logs out', async () => {
    startSession('tok', {});
    mockFetch(() =>
      jsonResponse({ code: 0, err: 'login_required', msg: 'Please log in', data: null }, 401),
    );
    const error = await rejection(api.get('api/personal/index'));
    expect(error.status).toBe(401);
    const dialogs = getDialogs();
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]?.message).toBe(
      'Login status has expired, can you stay on the page or log in again?',
    );
    dialogs[0]?.settle(true);
    await vi.waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
    expect(getToken()).toBeNull();
  });

  it('keeps the session when the user chooses to stay', async () => {
    startSession('tok', {});
    mockFetch(() => jsonResponse({ code: 0, err: 'login_required', msg: 'x', data: null }, 401));
    await rejection(api.get('api/personal/index'));
    getDialogs()[0]?.settle(false);
    await Promise.resolve();
    expect(onLogout).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok');
  });

  it('refuses a 401 to a request sent without a session quietly (nothing to stay in)', async () => {
    mockFetch(() => jsonResponse({ code: 0, err: 'login_required', msg: 'x', data: null }, 401));
    const error = await rejection(api.get('api/personal/index'));
    expect(error.status).toBe(401);
    expect(getDialogs()).toHaveLength(0);
  });

  it('shows one dialog for parallel 401 answers', async () => {
    startSession('tok', {});
    mockFetch(() => jsonResponse({ code: 0, err: 'login_required', msg: 'x', data: null }, 401));
    await Promise.allSettled([api.get('a'), api.get('b'), api.get('c')]);
    expect(getDialogs()).toHaveLength(1);
  });
});

describe('api client: transport errors', () => {
  it('reports a network error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(api.get('api/index/config'));
    expect(error.key).toBe('network');
    expect(getToast()?.text).toBe('Backend interface abnormal connection');
  });

  it('times out after 10 000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const pending = rejection(api.get('api/slow'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(getToast()?.text).not.toBe('System interface request times out');
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.key).toBe('timeout');
    expect(getToast()?.text).toBe('System interface request times out');
  });

  it.each([
    [403, 'No permission for the current operation (403)'],
    [404, 'The requested resource does not exist (404)'],
    [500, 'Unknown system error, please contact the administrator (500)'],
    [502, 'Unknown system error, please contact the administrator (502)'],
  ])('reports HTTP %i with its code', async (status, text) => {
    mockFetch(() => new Response('oops', { status }));
    const error = await rejection(api.get('api/x'));
    expect(error.status).toBe(status);
    expect(getToast()?.text).toBe(text);
    expect(describeError(error)).toBe(text);
  });

  it('rejects a body that is not an envelope', async () => {
    mockFetch(() => new Response('not json', { status: 200 }));
    const error = await rejection(api.get('api/x'));
    expect(error.key).toBe('bad_response');
  });

  it('shows msg (or 404) for code 202', async () => {
    mockFetch(() => jsonResponse({ code: 202, msg: '', data: null }));
    await rejection(api.get('api/x'));
    expect(getToast()?.text).toBe('404');
  });
});

describe('api client: encrypted replies (spec section 7)', () => {
  it('decrypts a reply that is not an object with the key of the config call', async () => {
    const sealed =
      '2J+ztKbORl6JtTY6K5ZfjRQa1RXeW6HJzGLbqB/hv2Ko9C1QDin+FvUA532dNh53tKJrtcVuvXKSNUElg1VTRw==';
    const encryption = {
      key: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      iv: 'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf',
    };
    const { calls } = mockFetch((call) =>
      call.url === 'api/index/config'
        ? jsonResponse(envelope({ encryption }))
        : new Response(sealed, { headers: { 'Content-Type': 'text/plain' } }),
    );
    const data = await api.get<{ name: string }>('api/personal/index');
    expect(data).toEqual({ name: 'Việt Nam' });
    expect(calls.map((call) => call.url)).toEqual(['api/personal/index', 'api/index/config']);
  });
});
