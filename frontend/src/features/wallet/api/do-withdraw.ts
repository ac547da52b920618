import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import type { WithdrawalRecord } from '@/features/wallet/api/withdraw-records';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type WithdrawInput = {
  method: 'bank' | 'usdt';
  account_id: number;
  amount: MoneyText;
  fund_password: string;
  /** Idempotency-Key of this submission attempt. */
  key: string;
};

/** POST api/personal/do_withdraw — amount and fee move to the frozen balance until paid out. */
export const doWithdraw = ({ key, ...input }: WithdrawInput) =>
  api.post<WithdrawalRecord>('api/personal/do_withdraw', input, {
    headers: { 'Idempotency-Key': key },
  });

export function useDoWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doWithdraw,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}
