import { useQuery } from '@tanstack/react-query';
import type { Instalment } from '@/features/finance/api/product-schedule';
import { goodsKey, type YieldType } from '@/features/finance/api/products';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export type ProductOrder = {
  id: number;
  product_id: number;
  product_name: string;
  picture: string | null;
  amount: MoneyText;
  units: number;
  yield_type: YieldType;
  created_at: number;
  total_interest: MoneyText;
  paid_interest: MoneyText;
  paid_principal: MoneyText;
  instalments: number;
  instalments_paid: number;
  /** null once every instalment is paid. */
  next_due_at: number | null;
  state: 'running' | 'completed';
};

/** GET api/goods/orders — the player's orders, newest first. */
export function useProductOrders() {
  return usePaged([...goodsKey, 'orders'], (page, limit) =>
    api.get<Paged<ProductOrder>>('api/goods/orders', { page, limit }),
  );
}

export type ScheduledPayout = Instalment & { paid_at: number | null };

export type ProductOrderDetail = ProductOrder & { schedule: ScheduledPayout[] };

/** GET api/goods/order — one order with its whole schedule; the page reports failures itself. */
export function useProductOrder(id: number) {
  return useQuery({
    queryKey: [...goodsKey, 'order', id],
    queryFn: () => api.get<ProductOrderDetail>('api/goods/order', { id }, { silent: true }),
    staleTime: 10_000,
  });
}
