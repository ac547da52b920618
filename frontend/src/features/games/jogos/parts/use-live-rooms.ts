// The rooms' periods kept current: the countdowns tick on the server's clock each second, and
// the list is asked again when a period ends (its draw time), then every POLL_MS until every
// room shows a period that has not ended (the next one opens at the draw).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { clockOffsetMs } from '@/features/games/live/clock';
import { useServerNow } from '@/features/games/live/use-clock';
import { POLL_MS } from '@/features/games/live/use-live-room';
import {
  fetchLiveRooms,
  liveRoomsKey,
  type LiveRoom,
  type LiveRooms,
} from '@/features/games/jogos/api/live-rooms';

/** After a draw time, the new period is asked for this much later (the server opens it then). */
export const AFTER_DRAW_MS = 300;

/** The earliest draw among `rooms`, in ms, or null without rooms. */
export function nextDrawMs(rooms: LiveRooms | undefined): number | null {
  if (rooms === undefined || rooms.list.length === 0) return null;
  return Math.min(...rooms.list.map((room) => room.draw_at)) * 1000;
}

/** The rooms grouped by game, in the server's order. */
export function byGame(rooms: LiveRoom[]): { game: string; rooms: LiveRoom[] }[] {
  const groups: { game: string; rooms: LiveRoom[] }[] = [];
  for (const room of rooms) {
    const group = groups.find((entry) => entry.game === room.game);
    if (group === undefined) groups.push({ game: room.game, rooms: [room] });
    else group.rooms.push(room);
  }
  return groups;
}

export function useLiveRooms(game: string | null) {
  const query = useQuery({
    queryKey: liveRoomsKey(game),
    queryFn: () => fetchLiveRooms(game),
    staleTime: POLL_MS,
  });
  const data = query.data;
  const offsetMs = useMemo(
    () => (data === undefined ? 0 : clockOffsetMs(data.now, query.dataUpdatedAt)),
    [data, query.dataUpdatedAt],
  );
  const nowMs = useServerNow(offsetMs);

  const drawMs = nextDrawMs(data);
  const refetch = query.refetch;
  useEffect(() => {
    if (drawMs === null) return undefined;
    let interval: ReturnType<typeof setInterval> | undefined;
    const wait = Math.max(0, drawMs - (Date.now() + offsetMs)) + AFTER_DRAW_MS;
    const timer = setTimeout(() => {
      void refetch();
      interval = setInterval(() => void refetch(), POLL_MS);
    }, wait);
    return () => {
      clearTimeout(timer);
      clearInterval(interval);
    };
  }, [drawMs, offsetMs, refetch]);

  return { query, data, nowMs };
}
