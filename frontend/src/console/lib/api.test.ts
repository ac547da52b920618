import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/console/i18n/i18n';
import { api, ConsoleApiError } from '@/console/lib/api';
import {
  getSessionState,
  resetSession,
  sessionClosed,
  sessionStarted,
} from '@/console/lib/session';
import { aSession } from '@/console/test/fixtures';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

describe('console api client', () => {
  it('sends lang on every call and the csrf token with changes only', async () => {
    sessionStarted(aSession({ csrf: 'csrf-1' }));
    const { calls } = mockFetch(() => jsonResponse(envelope({ ok: true })));
    await api.get('queues');
    await api.post('deposits/4/reject', { reason: 'blurred' });
    await api.delete('session');
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['GET', '/admin/api/queues'],
      ['POST', '/admin/api/deposits/4/reject'],
      ['DELETE', '/admin/api/session'],
    ]);
    expect(calls[0]?.headers).toMatchObject({ lang: 'en' });
    expect(calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(calls[1]?.headers).toMatchObject({
      'x-csrf-token': 'csrf-1',
      'Content-Type': 'application/json',
    });
    expect(calls[1]?.body).toEqual({ reason: 'blurred' });
    expect(calls[2]?.headers).toMatchObject({ 'x-csrf-token': 'csrf-1' });
  });

  it('rejects a refusal with its key and message', async () => {
    mockFetch(() =>
      jsonResponse({ code: 0, msg: 'Already reviewed', err: 'already_reviewed', data: null }),
    );
    await expect(api.post('deposits/4/approve')).rejects.toMatchObject({
      key: 'already_reviewed',
      msg: 'Already reviewed',
      status: 200,
    });
  });

  it('rejects a 403 with the server message', async () => {
    mockFetch(() =>
      jsonResponse({ code: 0, msg: 'Not allowed', err: 'no_permission', data: null }, 403),
    );
    const error = await api.get('deposits?page=1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ key: 'no_permission', msg: 'Not allowed', status: 403 });
  });

  it('ends a held session on 401, but not a session never held', async () => {
    mockFetch(() =>
      jsonResponse({ code: 0, msg: 'Sign in', err: 'staff_sign_in_required', data: null }, 401),
    );
    await expect(api.get('session')).rejects.toMatchObject({ status: 401 });
    expect(getSessionState()).toEqual({ session: undefined, ended: false });
    sessionClosed();
    await expect(api.get('session')).rejects.toMatchObject({ status: 401 });
    expect(getSessionState()).toEqual({ session: null, ended: false });
    sessionStarted(aSession());
    await expect(api.get('queues')).rejects.toMatchObject({ status: 401 });
    expect(getSessionState()).toEqual({ session: null, ended: true });
  });

  it('words transport failures and replies that are not envelopes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(api.get('queues')).rejects.toMatchObject({
      key: 'network',
      msg: 'The server cannot be reached. Check the connection and try again.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('oops', { status: 502 }))),
    );
    await expect(api.get('queues')).rejects.toMatchObject({
      key: 'http_502',
      msg: 'The server answered with an error (HTTP 502).',
    });
  });
});
