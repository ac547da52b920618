import { useQuery } from '@tanstack/react-query';
import {
  bonusKey,
  type DepositReward,
  type DepositTier,
} from '@/features/growth/bonus/api/first-deposit';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export type CashbackRules = { tiers: DepositTier[]; daily_cap: MoneyText; paid_today: MoneyText };

/** GET api/bonus/cashback — the tiers, the daily cap and what the player got today. */
export function useCashbackRules() {
  return useQuery({
    queryKey: [...bonusKey, 'cashback'],
    queryFn: () => api.get<CashbackRules>('api/bonus/cashback'),
    staleTime: 0,
  });
}

/** GET api/bonus/cashback-records — the player's cashback, newest first. */
export function useCashbackRecords() {
  return usePaged([...bonusKey, 'cashback-records'], (page, limit) =>
    api.get<Paged<DepositReward>>('api/bonus/cashback-records', { page, limit }),
  );
}
