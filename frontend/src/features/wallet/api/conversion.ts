import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import { profileKey, type Balances, type User } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/** "balance": wallet to game; "game": game back to the wallet. */
export type ConversionFrom = 'balance' | 'game';
export type ConversionInput = { from: ConversionFrom; amount: MoneyText; key: string };

/** POST api/personal/conversion — answers with both new balances. */
export const convert = ({ key, ...input }: ConversionInput) =>
  api.post<Balances>('api/personal/conversion', input, { headers: { 'Idempotency-Key': key } });

export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convert,
    onSuccess: (balances) => {
      // Show the new balances at once, then refresh everything they touch.
      queryClient.setQueryData<User>(profileKey, (user) =>
        user === undefined ? user : { ...user, ...balances },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey }),
        queryClient.invalidateQueries({ queryKey: walletKey }),
      ]);
    },
  });
}
