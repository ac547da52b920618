import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

// Everything of the products sits under this key, so a purchase refreshes the list, the
// product, the orders and the payouts at once.
export const goodsKey = ['finance', 'goods'] as const;

export type ProductState = 'not_started' | 'on_sale' | 'sold_out' | 'ended';
export type YieldType = 'interest_per_cycle' | 'at_maturity' | 'equal_instalments';
export type CycleUnit = 'day' | 'hour';

/**
 * One product as the list and the detail show it. Percentages are strings with two decimals
 * ("12.00" is 12 %); `reserved` is capacity the operator holds back, never part of `purchased`.
 */
export type ProductCard = {
  id: number;
  name: string;
  /** The category's code. */
  category: string;
  /** A server-relative URL ("media/products/ab12.png"). */
  picture: string | null;
  unit_price: MoneyText;
  total: MoneyText;
  purchased: MoneyText;
  reserved: MoneyText;
  remaining: MoneyText;
  purchased_percent: string;
  reserved_percent: string;
  progress_percent: string;
  min_purchase: MoneyText;
  max_purchase: MoneyText;
  rate: string;
  rate_per_cycle: string;
  total_yield: string;
  yield_type: YieldType;
  cycle_unit: CycleUnit;
  cycle_length: number;
  cycles: number;
  payouts: number;
  /** "HH:MM" of the day a payout is made, or null. */
  payout_time: string | null;
  /** The operator's time zone (IANA) that `payout_time` is in. */
  timezone: string;
  start_at: number;
  end_at: number;
  state: ProductState;
};

export type ProductCategory = { code: string; name: string; picture: string | null };

export type ProductIndex = { categories: ProductCategory[]; products: ProductCard[] };

/** GET api/goods/index — the categories and the products of one category ('' = all). */
export function useProducts(category: string) {
  return useQuery({
    queryKey: [...goodsKey, 'index', category],
    queryFn: () => api.get<ProductIndex>('api/goods/index', { category }),
    // The tabs stay while another category loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export type ProductDetail = ProductCard & { description: string };

/** GET api/goods/detail — one product; the page reports a failure itself, so the call is silent. */
export function useProduct(id: number) {
  return useQuery({
    queryKey: [...goodsKey, 'detail', id],
    queryFn: () => api.get<ProductDetail>('api/goods/detail', { id }, { silent: true }),
    staleTime: 0,
  });
}
