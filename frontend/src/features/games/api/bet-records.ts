// GET api/personal/betting_record (docs/api-contract-games.md): the player's bets, newest first.
// Types and fetcher only; each screen keeps its own query key and hook (games/quick/api, games/yn28/api, games/records/api).
import { api, type Params } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export const BET_STATUSES = ['open', 'won', 'lost', 'refunded'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export type BetOutcome = 'win' | 'lose' | 'refund' | 'win_reduced';

/** One bet ("Betting record item"). */
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

/** The endpoint's filters; an absent or '' filter means all. */
export type BetQuery = { game?: string; room?: string; status?: BetStatus | ''; issue?: string };

/** Query parameters of one page; empty filters are left out of the URL (lib/api). */
export const betRecordParams = (query: BetQuery, page: number, limit: number): Params => ({
  game: query.game,
  room: query.room,
  status: query.status,
  issue: query.issue,
  page,
  limit,
});

export const fetchBetRecords = (query: BetQuery, page: number, limit: number) =>
  api.get<Paged<BetRecord>>('api/personal/betting_record', betRecordParams(query, page, limit));
