// GET api/rooms/index: every room (or one game's) with the period open now and the server's
// clock, from the same open-period rule the room pages and their live streams use.
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type LiveRoom = {
  room: string;
  game: string;
  issue: string;
  close_at: number;
  draw_at: number;
  period_secs: number;
  /** False while the operator has closed the room. */
  is_open: boolean;
  entry_min: MoneyText;
};

export type LiveRooms = { now: number; list: LiveRoom[] };

export const liveRoomsKey = (game: string | null) => ['rooms', 'live', game ?? 'all'] as const;

/** Silent while polling at a draw: the page shows its own state when it has no data at all. */
export const fetchLiveRooms = (game: string | null) =>
  api.get<LiveRooms>('api/rooms/index', game === null ? {} : { game }, { silent: true });
