import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileKey } from '@/hooks/use-profile';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

// Everything of Yu E Bao sits under this key, so a move refreshes the page and the log at once.
export const savingsKey = ['finance', 'savings'] as const;

/** GET api/yuebao/index; rates and yields are percentages with two decimals ("3.65"). */
export type SavingsSummary = {
  savings: MoneyText;
  balance: MoneyText;
  yesterday_interest: MoneyText;
  total_interest: MoneyText;
  rate: string;
  /** What the savings balance earns for a whole day held at `rate`, as the daily job pays it. */
  daily_interest: MoneyText;
  /** null until a balance was held through a whole day in the last 7 days. */
  yield_7d: string | null;
  /** The least next move in (the minimum trade until the first one). */
  in_min: MoneyText;
};

export function useSavings() {
  return useQuery({
    queryKey: [...savingsKey, 'summary'],
    queryFn: () => api.get<SavingsSummary>('api/yuebao/index'),
    staleTime: 0,
  });
}

export type SavingsDirection = 'in' | 'out';
export type SavingsMoveInput = { direction: SavingsDirection; amount: MoneyText; key: string };
export type SavingsBalances = { balance: MoneyText; savings: MoneyText };

/** POST api/yuebao/in or api/yuebao/out — answers with the wallet and savings balances. */
export const moveSavings = ({ direction, amount, key }: SavingsMoveInput) =>
  api.post<SavingsBalances>(
    `api/yuebao/${direction}`,
    { amount },
    { headers: { 'Idempotency-Key': key } },
  );

export function useMoveSavings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSavings,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: savingsKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}

/** One line of the savings log: kind savings_in, savings_out or interest. */
export type SavingsRecord = {
  id: number;
  kind: string;
  /** Signed: "-10.00" left savings. */
  amount: MoneyText;
  balance_after: MoneyText;
  /** The day an interest line pays ("2026-11-22"). */
  memo: string;
  created_at: number;
};

/** GET api/yuebao/log — newest first. */
export function useSavingsLog() {
  return usePaged([...savingsKey, 'log'], (page, limit) =>
    api.get<Paged<SavingsRecord>>('api/yuebao/log', { page, limit }),
  );
}
