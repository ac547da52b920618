import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goodsKey } from '@/features/finance/api/products';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type BuyInput = {
  id: number;
  amount: MoneyText;
  fund_password: string;
  /** Idempotency-Key of this submission attempt. */
  key: string;
};

export type BuyResult = { order_id: number; balance: MoneyText };

/** POST api/goods/buy — the amount leaves the wallet; an order with its schedule starts. */
export const buyProduct = ({ key, ...input }: BuyInput) =>
  api.post<BuyResult>('api/goods/buy', input, { headers: { 'Idempotency-Key': key } });

export function useBuyProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: goodsKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}
