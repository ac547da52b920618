// Logging out clears what the spec's logout clears (token, roles, permissions, user info, the
// initial config and all local storage) and keeps only the chosen language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearServerState } from '@/app/boot';
import { queryClient } from '@/app/query-client';
import { configKey, DEFAULT_CONFIG } from '@/lib/config';
import { logOut } from '@/lib/log-out';
import { getPermissions, getRoles, getToken, setLogoutHandler, startSession } from '@/lib/session';
import { writeItem } from '@/lib/storage';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('logOut', () => {
  it('revokes the token and clears everything but the language', async () => {
    const leave = vi.fn(() => void clearServerState());
    setLogoutHandler(leave);
    writeItem('lang', 'ta');
    writeItem('location', 'VN');
    writeItem('limit_offer_dismissed', '[5]');
    window.localStorage.setItem('other-app.state', 'x');
    startSession('tok-1', { id: 5, roles: ['agent'], permissions: ['news:article:edit'] });
    queryClient.setQueryData(configKey, { ...DEFAULT_CONFIG, version: '3.1.0' });
    const { calls } = mockFetch(() => jsonResponse(envelope(null)));

    await logOut();

    expect(calls.map((call) => [call.method, call.url, call.headers.token])).toEqual([
      ['POST', 'api/login/logout', 'tok-1'],
    ]);
    expect(leave).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
    expect(getRoles()).toEqual([]);
    expect(getPermissions()).toEqual([]);
    expect({ ...window.localStorage }).toEqual({ 'fairhall.lang': 'ta' });
    await vi.waitFor(() => expect(queryClient.getQueryData(configKey)).toBeUndefined());
  });

  it('ends the session here even when the server cannot be reached', async () => {
    setLogoutHandler(() => undefined);
    startSession('tok-2', { id: 6 });
    mockFetch(() => Promise.reject(new TypeError('Network Error')));

    await logOut();

    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('fairhall.user')).toBeNull();
  });
});
