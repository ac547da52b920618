// Live room state. The server pushes `state` events over server-sent events (GET api/live,
// docs/api-contract-games.md); where the stream is unsupported, fails, or stays silent, the
// page polls api/roominfo/index (and api/personal/index for the balance) every 2 s instead, and
// tries the stream again every 30 s for as long as the page is open. A logged-in page opens the
// stream with a single-use ticket (games/api/live-ticket), never with its token in the URL; the server
// ends the stream with an `end` event when the session ends (logout, freeze, expiry).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { clockOffsetMs } from '@/features/games/live/clock';
import {
  fetchRoomIndex,
  roomKey,
  type LiveEvent,
  type RoomIndex,
} from '@/features/games/api/room-index';
import { fetchProfile, profileKey, type User } from '@/hooks/use-profile';
import { useToken } from '@/hooks/use-session';
import { liveUrl } from '@/features/games/api/live-ticket';

/** Polling period of the fallback. */
export const POLL_MS = 2000;
/** The server sends a `state` event on connect; a stream silent this long counts as failed. */
export const FIRST_EVENT_MS = 5000;
/** After a failure, the next attempt to open the stream (polling meanwhile). */
export const RECONNECT_MS = 30_000;
/** A period not replaced this long after its draw time is asked for (then every POLL_MS). */
export const LATE_DRAW_MS = 3000;

export type LiveMode = 'connecting' | 'stream' | 'polling';

/** The part of EventSource the channel uses (tests pass a fake). */
export type StreamLike = {
  addEventListener(type: 'state' | 'end', listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
};

/** The stream's URL, or how to get one (a logged-in page asks for a ticket each time). */
export type StreamUrl = string | (() => Promise<string>);

/** Opens a stream, or null where EventSource is missing or refuses the URL. */
export type OpenStream = (url: string) => StreamLike | null;

export const openEventSource: OpenStream = (url) => {
  if (typeof EventSource === 'undefined') return null;
  try {
    return new EventSource(url) as unknown as StreamLike;
  } catch {
    return null;
  }
};

const isInt = (value: unknown): value is number => Number.isInteger(value);

/** A `state` event's data, or null when it is not one. */
export function parseLiveEvent(data: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Partial<LiveEvent>;
  const lastOk =
    event.last === null || (typeof event.last === 'object' && typeof event.last.issue === 'string');
  const balanceOk =
    event.game_balance === undefined ||
    event.game_balance === null ||
    typeof event.game_balance === 'string';
  if (
    typeof event.room !== 'string' ||
    typeof event.issue !== 'string' ||
    !isInt(event.close_at) ||
    !isInt(event.draw_at) ||
    !isInt(event.now)
  )
    return null;
  if (!lastOk || !balanceOk) return null;
  return {
    room: event.room,
    issue: event.issue,
    close_at: event.close_at,
    draw_at: event.draw_at,
    now: event.now,
    last: event.last ?? null,
    game_balance: event.game_balance ?? null,
  };
}

type Handlers = {
  onEvent: (event: LiveEvent) => void;
  onMode: (mode: LiveMode) => void;
};

/** The stream of one room with its fallback decisions; no React, so it is tested on its own. */
export class LiveChannel {
  private stream: StreamLike | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private mode: LiveMode = 'connecting';
  /** Counts connection attempts: a ticket that arrives after its attempt was abandoned is dropped. */
  private attempt = 0;

  constructor(
    private readonly url: StreamUrl,
    private readonly open: OpenStream,
    private readonly handlers: Handlers,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.attempt += 1;
    clearTimeout(this.timer);
    this.stream?.close();
    this.stream = null;
  }

  private connect(): void {
    const attempt = ++this.attempt;
    if (this.mode !== 'stream') this.timer = setTimeout(() => this.fail(), FIRST_EVENT_MS);
    const url = this.url;
    if (typeof url === 'string') {
      this.openAt(url);
      return;
    }
    const current = () => attempt === this.attempt && !this.stopped;
    url().then(
      (resolved) => {
        if (current()) this.openAt(resolved);
      },
      () => {
        if (current()) this.fail();
      },
    );
  }

  private openAt(url: string): void {
    const stream = this.open(url);
    if (stream === null) {
      // No EventSource at all: poll for the rest of the page's life.
      clearTimeout(this.timer);
      this.setMode('polling');
      return;
    }
    this.stream = stream;
    stream.addEventListener('state', (message) => {
      if (this.stream !== stream) return;
      const event = parseLiveEvent(message.data);
      if (event === null) return;
      clearTimeout(this.timer);
      this.setMode('stream');
      this.handlers.onEvent(event);
    });
    // The session ended: the server closes the stream; its ticket is used up, so reopening it
    // would fail. Poll instead (the next request meets the logout) and try a new ticket later.
    stream.addEventListener('end', () => {
      if (this.stream === stream) this.fail();
    });
    stream.onerror = () => {
      if (this.stream === stream) this.fail();
    };
  }

  private fail(): void {
    this.attempt += 1;
    clearTimeout(this.timer);
    this.stream?.close();
    this.stream = null;
    this.setMode('polling');
    if (!this.stopped) this.timer = setTimeout(() => this.connect(), RECONNECT_MS);
  }

  private setMode(mode: LiveMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.handlers.onMode(mode);
  }
}

/** The room as last known, updated by a live event (which lacks the room's settings). */
export function mergeLive(
  current: RoomIndex | undefined,
  event: LiveEvent,
  game: string,
): RoomIndex {
  const base: RoomIndex = current ?? {
    room: event.room,
    game,
    issue: '',
    close_at: 0,
    draw_at: 0,
    now: 0,
    period_secs: 0,
    close_secs: 0,
    is_open: true,
    last: null,
  };
  const { game_balance: _balance, ...period } = event;
  return { ...base, ...period };
}

/**
 * The room's open period and latest result, kept current by the stream or by polling, with the
 * offset of the server's clock. A new result refreshes the balance and calls `onResult` (the
 * feature refreshes its own bets and history there). Shared by the quick games (games/quick) and the
 * yn28 trading hall.
 */
export function useLiveRoom(
  room: string,
  game: string,
  open: OpenStream = openEventSource,
  onResult?: () => void,
) {
  const queryClient = useQueryClient();
  const token = useToken();
  const [mode, setMode] = useState<LiveMode>('connecting');
  const polling = mode === 'polling';

  const index = useQuery({
    queryKey: roomKey(room),
    queryFn: () => fetchRoomIndex(room),
    refetchInterval: polling ? POLL_MS : false,
    staleTime: POLL_MS,
  });
  useQuery({
    queryKey: profileKey,
    queryFn: () => fetchProfile({ silent: true }),
    enabled: polling && token !== null,
    refetchInterval: POLL_MS,
  });

  useEffect(() => {
    setMode('connecting');
    const channel = new LiveChannel(liveUrl(room, token !== null), open, {
      onMode: setMode,
      onEvent: (event) => {
        queryClient.setQueryData<RoomIndex>(roomKey(room), (current) =>
          mergeLive(current, event, game),
        );
        const balance = event.game_balance;
        if (balance !== null)
          queryClient.setQueryData<User>(profileKey, (user) =>
            user === undefined ? user : { ...user, game_balance: balance },
          );
      },
    });
    channel.start();
    return () => channel.stop();
  }, [room, game, token, open, queryClient]);

  const data = index.data;
  const offsetMs = useMemo(
    () => (data === undefined ? 0 : clockOffsetMs(data.now, index.dataUpdatedAt)),
    [data, index.dataUpdatedAt],
  );

  // A new result: the bets of that period are settled and the history has a row more.
  const lastIssue = data === undefined ? undefined : (data.last?.issue ?? null);
  const seen = useRef<{ room: string; issue: string | null } | null>(null);
  const resultRef = useRef(onResult);
  resultRef.current = onResult;
  useEffect(() => {
    if (lastIssue === undefined) return;
    const before = seen.current;
    seen.current = { room, issue: lastIssue };
    if (before === null || before.room !== room || before.issue === lastIssue) return;
    void queryClient.invalidateQueries({ queryKey: profileKey });
    resultRef.current?.();
  }, [room, lastIssue, queryClient]);

  // The stream should announce the next period at the draw; if it is late, ask.
  const drawAt = data?.draw_at;
  const refetch = index.refetch;
  useEffect(() => {
    if (drawAt === undefined || drawAt === 0 || polling) return undefined;
    let interval: ReturnType<typeof setInterval> | undefined;
    const wait = Math.max(0, drawAt * 1000 - (Date.now() + offsetMs)) + LATE_DRAW_MS;
    const timer = setTimeout(() => {
      void refetch();
      interval = setInterval(() => void refetch(), POLL_MS);
    }, wait);
    return () => {
      clearTimeout(timer);
      clearInterval(interval);
    };
  }, [drawAt, offsetMs, polling, refetch]);

  return { data, query: index, mode, offsetMs };
}
