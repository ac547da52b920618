// POST api/rooms/betting, the one way a bet is placed: the quick games' slip, a yn28 room's slip
// and the yn28 long/short trade (`mode: "trade"`).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { betsKey } from '@/features/games/api/keys';
import { profileKey, type User } from '@/hooks/use-profile';
import { api } from '@/lib/api';
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

export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBet,
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
