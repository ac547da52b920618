import { useQuery } from '@tanstack/react-query';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export const salaryKey = ['salary'] as const;

export type SalaryTier = {
  tier: number;
  volume_min: MoneyText;
  active_min: number;
  amount: MoneyText;
};

export type SalaryPayment = {
  user_id: number;
  week_start: number;
  volume: MoneyText;
  active: number;
  tier: number;
  amount: MoneyText;
  paid_at: number;
};

export type SalaryOverview = {
  tiers: SalaryTier[];
  /** The current operator week: Monday 00:00 to the next. */
  week: { start: number; end: number };
  volume: MoneyText;
  active: number;
  /** 0: no tier reached yet. */
  tier: number;
  history: Paged<SalaryPayment>;
};

const fetchSalary = (page: number, limit: number) =>
  api.get<SalaryOverview>('api/salary/index', { page, limit });

/** GET api/salary/index — the table and this week so far. */
export function useSalary() {
  return useQuery({
    queryKey: [...salaryKey, 'index'],
    queryFn: () => fetchSalary(1, 1),
    staleTime: 10_000,
  });
}

/** The same endpoint's history, page by page. */
export function useSalaryHistory() {
  return usePaged([...salaryKey, 'history'], (page, limit) =>
    fetchSalary(page, limit).then((overview) => overview.history),
  );
}
