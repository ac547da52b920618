import { useQuery } from '@tanstack/react-query';
import { goodsKey } from '@/features/finance/api/products';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type Instalment = {
  number: number;
  due_at: number;
  interest: MoneyText;
  principal: MoneyText;
  amount: MoneyText;
};

export type Schedule = {
  amount: MoneyText;
  units: number;
  instalments: Instalment[];
  total_interest: MoneyText;
  total: MoneyText;
};

/**
 * GET api/goods/schedule — the payouts `amount` would bring, as the server will pay them. A bad
 * amount is an error envelope whose `msg` the page shows in place of the table (so: silent).
 * `amount` null asks nothing.
 */
export function useProductSchedule(id: number, amount: MoneyText | null) {
  return useQuery({
    queryKey: [...goodsKey, 'schedule', id, amount],
    queryFn: () =>
      api.get<Schedule>('api/goods/schedule', { id, amount: amount ?? '' }, { silent: true }),
    enabled: amount !== null,
    staleTime: 60_000,
  });
}
