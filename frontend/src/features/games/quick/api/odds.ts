import { useQuery } from '@tanstack/react-query';
import { oddsKey } from '@/features/games/quick/api/keys';
import type { OddsOption, RoomRules } from '@/features/games/quick/options';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/** GET api/roominfo/odds: every option of the room with its odds and limits, in GAMES.md order. */
export type RoomOdds = {
  room: string;
  game: string;
  rule_version: number;
  /** RGB's service fee in basis points (200 = 2 %); 0 for the other games. */
  service_fee_bp: number;
  entry_min: MoneyText;
  rules: RoomRules | null;
  options: OddsOption[];
};

export const fetchOdds = (room: string) => api.get<RoomOdds>('api/roominfo/odds', { room });

/** Odds change only when the operator edits them: a minute of staleness is fine. */
export function useOdds(room: string) {
  return useQuery({ queryKey: oddsKey(room), queryFn: () => fetchOdds(room), staleTime: 60_000 });
}
