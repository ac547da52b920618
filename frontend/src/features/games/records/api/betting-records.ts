// The records screen's bets across games (GET api/personal/betting_record, games/api/bet-records):
// its filters, query key and hook.
import { usePaged } from '@/hooks/use-paged';
import { fetchBetRecords, type BetStatus } from '@/features/games/api/bet-records';

export const GAMES = ['k3', 'pk10', 'ssc', 'rgb', 'yn28'] as const;
export type Game = (typeof GAMES)[number];

/** '' = all. */
export type BetFilter = { game: Game | ''; status: BetStatus | '' };

export const ALL_BETS: BetFilter = { game: '', status: '' };

export const bettingRecordsKey = (filter: BetFilter) =>
  ['records', 'bets', filter.game, filter.status] as const;

/** The player's bets across games, newest first. */
export function useBettingRecords(filter: BetFilter) {
  return usePaged(bettingRecordsKey(filter), (page, limit) => fetchBetRecords(filter, page, limit));
}
