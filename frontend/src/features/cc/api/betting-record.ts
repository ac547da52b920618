import { ordersKey } from '@/features/cc/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export type BetStatus = 'open' | 'won' | 'lost' | 'refunded';

/** One bet of GET api/personal/betting_record. */
export type BetRecord = {
  id: number;
  order_no: string;
  room: string;
  game: string;
  issue: string;
  option: string;
  amount: MoneyText;
  odds: string;
  status: BetStatus;
  outcome: 'win' | 'lose' | 'refund' | 'win_reduced' | null;
  payout: MoneyText;
  /** payout - amount; "0.00" while open. */
  profit: MoneyText;
  placed_at: number;
  settled_at: number | null;
  result: unknown;
};

export const fetchBetRecords = (game: string, status: BetStatus | '', page: number, limit: number) =>
  api.get<Paged<BetRecord>>('api/personal/betting_record', { game, status, page, limit });

/** The player's bets in one game (every room of it), newest first. */
export function useBetRecords(game: string, status: BetStatus | '') {
  return usePaged([...ordersKey(game), status], (page, limit) => fetchBetRecords(game, status, page, limit));
}
