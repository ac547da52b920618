import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import type { DepositMethod } from '@/features/wallet/api/recharge-options';
import type { DepositRecord } from '@/features/wallet/api/recharge-records';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type RechargeInput = {
  method: DepositMethod;
  amount: MoneyText;
  currency: string;
  /** The country picked on the page, when the operator configured countries. */
  country: string;
  content: string;
  voucher: File;
  /** Idempotency-Key of this submission attempt. */
  key: string;
};

/** POST api/personal/recharge (multipart) — a deposit awaiting the operator's review. */
export function recharge({ key, voucher, ...fields }: RechargeInput): Promise<DepositRecord> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
  form.append('voucher', voucher, voucher.name);
  return api.upload<DepositRecord>('api/personal/recharge', form, {
    headers: { 'Idempotency-Key': key },
  });
}

export function useRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKey }),
  });
}
