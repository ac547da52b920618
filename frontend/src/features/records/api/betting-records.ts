import { usePaged } from '@/hooks/use-paged';
import { api, type Params } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export const GAMES = ['k3', 'pk10', 'ssc', 'rgb', 'yn28'] as const;
export type Game = (typeof GAMES)[number];

export const BET_STATUSES = ['open', 'won', 'lost', 'refunded'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export type BetOutcome = 'win' | 'lose' | 'refund' | 'win_reduced';

/** One bet (docs/api-contract-games.md "Betting record item"). */
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
  outcome: BetOutcome | null;
  payout: MoneyText;
  /** payout - amount; "0.00" while open. */
  profit: MoneyText;
  placed_at: number;
  settled_at: number | null;
  /** The period's draw values once drawn, e.g. {"game":"k3","result":[3,1,6]}. */
  result: unknown;
};

/** '' = all. */
export type BetFilter = { game: Game | ''; status: BetStatus | '' };

export const ALL_BETS: BetFilter = { game: '', status: '' };

export const bettingRecordsKey = (filter: BetFilter) => ['records', 'bets', filter.game, filter.status] as const;

/** Query parameters of one page; an empty filter value is left out of the URL (lib/api). */
export const bettingRecordParams = (filter: BetFilter, page: number, limit: number): Params => ({
  page,
  limit,
  game: filter.game,
  status: filter.status,
});

/** GET api/personal/betting_record — the player's bets across games, newest first. */
export const fetchBettingRecords = (filter: BetFilter, page: number, limit: number) =>
  api.get<Paged<BetRecord>>('api/personal/betting_record', bettingRecordParams(filter, page, limit));

export function useBettingRecords(filter: BetFilter) {
  return usePaged(bettingRecordsKey(filter), (page, limit) => fetchBettingRecords(filter, page, limit));
}
