// The live room: server-sent events first, polling every 2 s whenever the stream is missing,
// broken or silent (EventSource is mocked; fetch answers like the server).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ordersKey } from '@/features/games/quick/api/keys';
import { useRoomLive } from '@/features/games/quick/live';
import {
  FIRST_EVENT_MS,
  LiveChannel,
  parseLiveEvent,
  POLL_MS,
  RECONNECT_MS,
  type LiveMode,
  type StreamLike,
} from '@/features/games/live/use-live-room';
import { profileKey, type User } from '@/hooks/use-profile';
import { clearSession, startSession } from '@/lib/session';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';
import { FakeEventSource } from '@/features/games/live/fake-event-source';

const NOW = 1_700_000_000;
const state = (issue: string, last: string | null, extra: Record<string, unknown> = {}) => ({
  room: 'k3',
  issue,
  close_at: NOW + 50,
  draw_at: NOW + 60,
  now: NOW,
  last: last === null ? null : { issue: last, values: { game: 'k3', result: [3, 1, 6] } },
  game_balance: null,
  ...extra,
});
const roomIndex = (issue: string, last: string | null) => ({
  ...state(issue, last),
  game: 'k3',
  period_secs: 60,
  close_secs: 10,
  is_open: true,
});

describe('LiveChannel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
  });
  afterEach(() => vi.useRealTimers());

  function channel(open: (url: string) => StreamLike | null = (url) => new FakeEventSource(url)) {
    const modes: LiveMode[] = [];
    const events: unknown[] = [];
    const live = new LiveChannel('api/live?room=k3', open, {
      onMode: (mode) => modes.push(mode),
      onEvent: (event) => events.push(event),
    });
    live.start();
    return { live, modes, events };
  }

  it('polls at once when the browser has no EventSource', () => {
    const { modes } = channel(() => null);
    expect(modes).toEqual(['polling']);
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(modes).toEqual(['polling']);
  });

  it('streams state events and ignores malformed ones', () => {
    const { modes, events } = channel();
    const stream = FakeEventSource.opened[0]!;
    stream.send('not json');
    stream.send({ room: 'k3' });
    expect(events).toEqual([]);
    stream.send(state('202611220002', '202611220001'));
    expect(modes).toEqual(['stream']);
    expect(events).toEqual([state('202611220002', '202611220001')]);
    vi.advanceTimersByTime(FIRST_EVENT_MS * 10);
    expect(modes).toEqual(['stream']);
  });

  it('falls back to polling on an error and tries the stream again 30 s later', () => {
    const { modes } = channel();
    const first = FakeEventSource.opened[0]!;
    first.send(state('202611220002', null));
    first.fail();
    expect(first.closed).toBe(true);
    expect(modes).toEqual(['stream', 'polling']);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    // Still polling until the new stream actually delivers.
    expect(modes).toEqual(['stream', 'polling']);
    FakeEventSource.opened[1]!.send(state('202611220003', '202611220002'));
    expect(modes).toEqual(['stream', 'polling', 'stream']);
  });

  it('treats a stream that stays silent as failed', () => {
    const { modes } = channel();
    vi.advanceTimersByTime(FIRST_EVENT_MS - 1);
    expect(modes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(modes).toEqual(['polling']);
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('stops for good: the stream is closed and no retry is scheduled', () => {
    const { live, modes } = channel();
    FakeEventSource.opened[0]!.fail();
    live.stop();
    vi.advanceTimersByTime(RECONNECT_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(modes).toEqual(['polling']);
  });

  it('asks for a fresh ticket at every connection and drops one that arrives too late', async () => {
    let issued = 0;
    const tickets: ((ticket: string) => void)[] = [];
    const url = () =>
      new Promise<string>((resolve) =>
        tickets.push((ticket) => resolve(`api/live?room=k3&ticket=${ticket}`)),
      );
    const modes: LiveMode[] = [];
    const live = new LiveChannel(url, (to) => new FakeEventSource(to), {
      onMode: (mode) => modes.push(mode),
      onEvent: () => undefined,
    });
    live.start();
    tickets[issued++]!('t1');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened.map((stream) => stream.url)).toEqual([
      'api/live?room=k3&ticket=t1',
    ]);
    FakeEventSource.opened[0]!.send(state('202611220002', null));
    FakeEventSource.opened[0]!.fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_MS);
    tickets[issued++]!('t2');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened.map((stream) => stream.url)).toEqual([
      'api/live?room=k3&ticket=t1',
      'api/live?room=k3&ticket=t2',
    ]);

    // A ticket still on its way when the page stops opens nothing.
    FakeEventSource.opened[1]!.fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_MS);
    live.stop();
    tickets[issued++]!('t3');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(modes).toEqual(['stream', 'polling']);
  });

  it('polls when the ticket is refused, and when the server ends the stream with its session', async () => {
    let refuse = true;
    const url = () =>
      refuse
        ? Promise.reject(new Error('login_required'))
        : Promise.resolve('api/live?room=k3&ticket=t');
    const modes: LiveMode[] = [];
    new LiveChannel(url, (to) => new FakeEventSource(to), {
      onMode: (mode) => modes.push(mode),
      onEvent: () => undefined,
    }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(modes).toEqual(['polling']);
    expect(FakeEventSource.opened).toHaveLength(0);

    refuse = false;
    await vi.advanceTimersByTimeAsync(RECONNECT_MS);
    const stream = FakeEventSource.opened[0]!;
    stream.send(state('202611220002', null));
    stream.end();
    expect(stream.closed).toBe(true);
    expect(modes).toEqual(['polling', 'stream', 'polling']);
    stream.send(state('202611220003', '202611220002'));
    expect(modes, 'a closed stream is not heard').toEqual(['polling', 'stream', 'polling']);
  });

  it('parses the contract fields only', () => {
    expect(parseLiveEvent(JSON.stringify({ ...state('1', null), extra: 1 }))).toEqual(
      state('1', null),
    );
    expect(parseLiveEvent(JSON.stringify({ ...state('1', null), close_at: '5' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...state('1', null), game_balance: 5 }))).toBeNull();
  });
});

describe('useRoomLive', () => {
  const user = {
    id: 1,
    username: 'linh',
    nickname: '',
    phone: '1',
    avatar: '',
    vip_level: 0,
    balance: '10.00',
    game_balance: '50.00',
  } as User;
  let client: QueryClient;
  let issue = '202611220002';

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW * 1000);
    FakeEventSource.opened = [];
    issue = '202611220002';
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    startSession('tok', user);
  });

  afterEach(() => {
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function serve() {
    return mockFetch((call) => {
      if (call.url.startsWith('api/roominfo/index'))
        return jsonResponse(envelope(roomIndex(issue, '202611220001')));
      if (call.url.startsWith('api/personal/index')) return jsonResponse(envelope(user));
      if (call.url === 'api/live/ticket' && call.headers.token === 'tok')
        return jsonResponse(envelope({ ticket: 'tk1', expires_at: NOW + 30 }));
      return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
    });
  }

  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  const count = (calls: { url: string }[], path: string) =>
    calls.filter((call) => call.url.startsWith(path)).length;
  /** TanStack Query notifies on a 0 ms timer: let it run. */
  const flush = () => act(() => vi.advanceTimersByTimeAsync(1));

  it('polls the room and the balance every 2 s when EventSource is unsupported', async () => {
    vi.stubGlobal('EventSource', undefined);
    const { calls } = serve();
    const { result } = renderHook(() => useRoomLive('k3', 'k3'), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(result.current.mode).toBe('polling');
    expect(result.current.data?.issue).toBe('202611220002');
    const rooms = count(calls, 'api/roominfo/index');
    const profiles = count(calls, 'api/personal/index');
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(count(calls, 'api/roominfo/index') - rooms).toBe(3);
    expect(count(calls, 'api/personal/index') - profiles).toBeGreaterThanOrEqual(3);
  });

  it('takes state from the stream (no polling), updates the balance and refreshes bets on a new result', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { calls } = serve();
    client.setQueryData(ordersKey('k3'), { pages: [], pageParams: [] });
    client.setQueryData(profileKey, user);
    const { result } = renderHook(() => useRoomLive('k3', 'k3'), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10));
    const stream = FakeEventSource.opened[0]!;
    // The token travels in the ticket request's header, never in a URL.
    expect(stream.url).toBe('api/live?room=k3&ticket=tk1');
    expect(calls.find((call) => call.url === 'api/live/ticket')?.method).toBe('POST');
    expect(calls.filter((call) => call.url.includes('tok'))).toEqual([]);
    act(() => stream.send(state('202611220002', '202611220001')));
    await flush();
    expect(result.current.mode).toBe('stream');
    expect(client.getQueryState(ordersKey('k3'))?.isInvalidated).toBe(false);

    act(() =>
      stream.send(
        state('202611220003', '202611220002', {
          game_balance: '42.50',
          close_at: NOW + 110,
          draw_at: NOW + 120,
        }),
      ),
    );
    await flush();
    expect(result.current.data).toMatchObject({
      issue: '202611220003',
      last: { issue: '202611220002' },
      period_secs: 60,
    });
    expect(client.getQueryData<User>(profileKey)?.game_balance).toBe('42.50');
    expect(client.getQueryState(ordersKey('k3'))?.isInvalidated).toBe(true);

    const rooms = count(calls, 'api/roominfo/index');
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 5));
    expect(count(calls, 'api/roominfo/index')).toBe(rooms);
  });

  it('switches to polling when the stream breaks', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { calls } = serve();
    const { result } = renderHook(() => useRoomLive('k3', 'k3'), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10));
    act(() => FakeEventSource.opened[0]!.send(state('202611220002', '202611220001')));
    const rooms = count(calls, 'api/roominfo/index');
    act(() => FakeEventSource.opened[0]!.fail());
    expect(result.current.mode).toBe('polling');
    issue = '202611220003';
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 2));
    expect(count(calls, 'api/roominfo/index') - rooms).toBe(2);
    expect(result.current.data?.issue).toBe('202611220003');
  });

  it('opens an anonymous stream without a ticket when logged out', async () => {
    clearSession();
    vi.stubGlobal('EventSource', FakeEventSource);
    const { calls } = serve();
    renderHook(() => useRoomLive('k3', 'k3'), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(FakeEventSource.opened.map((stream) => stream.url)).toEqual(['api/live?room=k3']);
    expect(count(calls, 'api/live/ticket')).toBe(0);
  });

  it('corrects the countdown clock with the server time', async () => {
    vi.stubGlobal('EventSource', undefined);
    serve();
    // The device is 30 s behind the server.
    vi.setSystemTime((NOW - 30) * 1000);
    const { result } = renderHook(() => useRoomLive('k3', 'k3'), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(result.current.offsetMs).toBeGreaterThan(30_000);
    expect(result.current.offsetMs).toBeLessThan(31_000);
  });
});
