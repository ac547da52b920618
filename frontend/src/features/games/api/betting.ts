// POST api/rooms/betting, the one way a bet is placed: the quick games' slip, a yn28 room's slip
// and the yn28 long/short trade (`mode: "trade"`).
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { betsKey, oddsKey } from '@/features/games/api/keys';
import { roomKey } from '@/features/games/api/room-index';
import { profileKey, type User } from '@/hooks/use-profile';
import { ApiError, api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type BetLine = { option: string; amount: MoneyText };

export type BetInput = {
  room: string;
  issue: string;
  bets: BetLine[];
  mode?: 'trade';
  key: string;
};

export type BetReply = {
  order_no: string;
  issue: string;
  game_balance: MoneyText;
  bets: { option: string; amount: MoneyText; odds: string }[];
};

/** POST api/rooms/betting from the game balance, with the attempt's Idempotency-Key. */
export const placeBet = ({ key, ...input }: BetInput) =>
  api.post<BetReply>('api/rooms/betting', input, { headers: { 'Idempotency-Key': key } });

/**
 * A refusal that says the screen is stale re-reads what it shows (the toast says why): the odds
 * after `odds_changed`, the open period after `period_closed` or `issue_not_open`.
 */
export function refreshAfterRefusal(queryClient: QueryClient, error: unknown, room: string) {
  if (!(error instanceof ApiError)) return Promise.resolve();
  if (error.key === 'odds_changed') {
    return queryClient.invalidateQueries({ queryKey: oddsKey(room) });
  }
  if (error.key === 'period_closed' || error.key === 'issue_not_open') {
    return queryClient.invalidateQueries({ queryKey: roomKey(room) });
  }
  return Promise.resolve();
}

export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBet,
    onError: (error, input) => refreshAfterRefusal(queryClient, error, input.room),
    onSuccess: (reply) => {
      // The new game balance at once, then everything the order touched.
      queryClient.setQueryData<User>(profileKey, (user) =>
        user === undefined ? user : { ...user, game_balance: reply.game_balance },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey }),
        queryClient.invalidateQueries({ queryKey: betsKey }),
      ]);
    },
  });
}
