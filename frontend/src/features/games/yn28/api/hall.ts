import { useMutation, useQuery } from '@tanstack/react-query';
import { hallKey } from '@/features/games/yn28/api/keys';
import type { Region, Tier } from '@/features/games/yn28/model';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { LastDraw } from '@/features/games/api/room-index';

export type HallRoom = {
  room: string;
  tier: Tier;
  entry_min: MoneyText;
  is_open: boolean;
  online: number;
  min_bet: MoneyText;
  max_user: MoneyText;
  max_total: MoneyText;
  /** null without a session. */
  can_enter: boolean | null;
};

/** GET api/rooms/{region}: the region's period and its four tier rooms. */
export type Hall = {
  region: Region;
  issue: string;
  close_at: number;
  draw_at: number;
  now: number;
  period_secs: number;
  last: LastDraw | null;
  rooms: HallRoom[];
};

export const fetchHall = (region: Region) => api.get<Hall>(`api/rooms/${region}`);

/** The hall's period follows the live room; the room list is refreshed this often for its online counts. */
export const HALL_POLL_MS = 30_000;

/** The region's tier rooms (online counts, limits, entry): refreshed every 30 s while the hall is open. */
export function useHall(region: Region) {
  return useQuery({
    queryKey: hallKey(region),
    queryFn: () => fetchHall(region),
    refetchInterval: HALL_POLL_MS,
  });
}

export type EnterReply = { room: string; game_balance: MoneyText };

/** POST api/rooms/enter; refusals (room_closed, room_balance_too_low) are the API client's toasts. */
export const enterRoom = (room: string) => api.post<EnterReply>('api/rooms/enter', { room });

export function useEnterRoom() {
  return useMutation({ mutationFn: enterRoom });
}
