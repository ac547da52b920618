import { useQuery } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type DepositMethod = 'bank' | 'usdt';
export type Currency = { code: string; name: string; picture: string; rate: string };
export type Country = { code: string; name: string; picture: string };

export type RechargeOptions = {
  /** The wallet currency balances are kept in. */
  currency: string;
  methods: DepositMethod[];
  min: MoneyText;
  max: MoneyText;
  usdt_address: string;
  usdt_network: string;
  currencies: Currency[];
  countries: Country[];
  voucher_max_bytes: number;
};

export const rechargeOptionsKey = [...walletKey, 'recharge-options'] as const;

/** GET api/personal/recharge_options — methods, limits, currencies with rates, the USDT address. */
export const fetchRechargeOptions = () => api.get<RechargeOptions>('api/personal/recharge_options');

export function useRechargeOptions() {
  return useQuery({
    queryKey: rechargeOptionsKey,
    queryFn: fetchRechargeOptions,
    staleTime: 60_000,
  });
}
