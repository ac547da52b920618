import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ccKey } from '@/features/games/quick/api/keys';
import type { BetLine } from '@/features/games/slip/slip';
import { profileKey, type User } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type BetInput = { room: string; issue: string; bets: BetLine[]; key: string };

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
      queryClient.setQueryData<User>(profileKey, (user) => (user === undefined ? user : { ...user, game_balance: reply.game_balance }));
      return Promise.all([queryClient.invalidateQueries({ queryKey: profileKey }), queryClient.invalidateQueries({ queryKey: [...ccKey, 'orders'] })]);
    },
  });
}
