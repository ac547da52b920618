import { goodsKey } from '@/features/finance/api/products';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

/** One payout of an order: instalment `instalment` of `instalments`. */
export type ProductBenefit = {
  order_id: number;
  product_name: string;
  instalment: number;
  instalments: number;
  interest: MoneyText;
  principal: MoneyText;
  amount: MoneyText;
  paid_at: number;
};

/** GET api/goods/benefits — payouts made, newest first. */
export function useProductBenefits() {
  return usePaged([...goodsKey, 'benefits'], (page, limit) =>
    api.get<Paged<ProductBenefit>>('api/goods/benefits', { page, limit }),
  );
}
