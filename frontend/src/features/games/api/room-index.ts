import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/** The live state of a room (games and yn28 tier rooms alike). */
export const roomKey = (room: string) => ['room', room] as const;

export type LastDraw = { issue: string; values: unknown };

/** GET api/roominfo/index: the open period and the latest result (`now` = the server's clock). */
export type RoomIndex = {
  room: string;
  game: string;
  issue: string;
  close_at: number;
  draw_at: number;
  now: number;
  period_secs: number;
  close_secs: number;
  /** False while the operator has closed the room. */
  is_open: boolean;
  last: LastDraw | null;
};

/** The live stream's `state` event (api/live): the period, the latest result and the balance. */
export type LiveEvent = {
  room: string;
  issue: string;
  close_at: number;
  draw_at: number;
  now: number;
  last: LastDraw | null;
  game_balance: MoneyText | null;
};

/**
 * Silent: it is asked every 2 s while polling, and a toast per failed poll would bury the
 * screen; the page shows its own state when it has no data at all.
 */
export const fetchRoomIndex = (room: string) =>
  api.get<RoomIndex>('api/roominfo/index', { room }, { silent: true });
