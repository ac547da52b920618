import { useQuery } from '@tanstack/react-query';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export const rebateKey = ['rebate'] as const;

export type RebateRates = {
  rebate_bps: number;
  /** Levels 1, 2 and 3. */
  commission_bps: [number, number, number];
  batch_interval_secs: number;
};

export type RebatePayment = {
  batch_id: number;
  paid_at: number;
  rebate: MoneyText;
  /** From levels 1, 2 and 3. */
  commission: [MoneyText, MoneyText, MoneyText];
  total: MoneyText;
};

export type RebateOverview = {
  pending_rebate: MoneyText;
  pending_commission: MoneyText;
  pending: MoneyText;
  /** 0 before the first batch. */
  last_batch_at: number;
  next_batch_at: number;
  rates: RebateRates;
  history: Paged<RebatePayment>;
};

const fetchRebate = (page: number, limit: number) =>
  api.get<RebateOverview>('api/rebate/index', { page, limit });

/** GET api/rebate/index — what is settled but not yet paid, the rates. */
export function useRebate() {
  return useQuery({
    queryKey: [...rebateKey, 'index'],
    queryFn: () => fetchRebate(1, 1),
    staleTime: 10_000,
  });
}

/** The same endpoint's history, page by page. */
export function useRebateHistory() {
  return usePaged([...rebateKey, 'history'], (page, limit) =>
    fetchRebate(page, limit).then((overview) => overview.history),
  );
}

/** Basis points as a percentage: 50 -> "0.50". */
export function percentOfBps(bps: number): string {
  return `${Math.trunc(bps / 100)}.${(bps % 100).toString().padStart(2, '0')}`;
}
