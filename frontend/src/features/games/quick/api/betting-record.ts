import { ordersKey } from '@/features/games/quick/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { fetchBetRecords, type BetStatus } from '@/features/games/api/bet-records';

/** The player's bets in one game (every room of it), newest first (GET api/personal/betting_record). */
export function useBetRecords(game: string, status: BetStatus | '') {
  return usePaged([...ordersKey(game), status], (page, limit) =>
    fetchBetRecords({ game, status }, page, limit),
  );
}
