import { useQuery } from '@tanstack/react-query';
import { oddsKey } from '@/features/games/api/keys';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/** One option of GET api/roominfo/odds. */
export type OddsOption = {
  option: string;
  odds: string;
  min_bet: MoneyText;
  max_user: MoneyText;
  max_total: MoneyText;
};

/**
 * GET api/roominfo/odds: every option of the room with its odds and limits, in GAMES.md order.
 * `Rules` is the game's reading of the room's extra rules (the quick games' RoomRules; yn28
 * reads its special rules from `unknown`).
 */
export type RoomOdds<Rules = unknown> = {
  room: string;
  game: string;
  rule_version: number;
  /** RGB's service fee in basis points (200 = 2 %); 0 for the other games. */
  service_fee_bp: number;
  entry_min: MoneyText;
  rules: Rules | null;
  options: OddsOption[];
};

export const fetchOdds = <Rules = unknown>(room: string) =>
  api.get<RoomOdds<Rules>>('api/roominfo/odds', { room });

/** Odds change only when the operator edits them: a minute of staleness is fine. */
export function useOdds<Rules = unknown>(room: string) {
  return useQuery({
    queryKey: oddsKey(room),
    queryFn: () => fetchOdds<Rules>(room),
    staleTime: 60_000,
  });
}
