import { useQuery } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type DepositMethod = 'bank' | 'usdt';
export type Currency = { code: string; name: string; picture: string; rate: string };
export type Country = { code: string; name: string; picture: string };

/** An operator's account a deposit is paid to (`[[wallet.receiving_accounts]]`, switched on). */
export type ReceivingAccount = {
  /** Sent back as the deposit's `account`. */
  code: string;
  method: DepositMethod;
  bank: string;
  branch: string;
  holder: string;
  number: string;
  network: string;
  address: string;
  /** Currencies it is paid in; empty: every currency. */
  currencies: string[];
  /** Deposit countries it serves; empty: every country. */
  countries: string[];
  min: MoneyText;
  max: MoneyText;
};

export type RechargeOptions = {
  /** The wallet currency balances are kept in. */
  currency: string;
  /** The methods with an account switched on; none: deposits are closed. */
  methods: DepositMethod[];
  min: MoneyText;
  max: MoneyText;
  accounts: ReceivingAccount[];
  currencies: Currency[];
  countries: Country[];
  voucher_max_bytes: number;
};

export const rechargeOptionsKey = [...walletKey, 'recharge-options'] as const;

/** GET api/personal/recharge_options — methods, limits, currencies with rates, receiving accounts. */
export const fetchRechargeOptions = () => api.get<RechargeOptions>('api/personal/recharge_options');

export function useRechargeOptions() {
  return useQuery({
    queryKey: rechargeOptionsKey,
    queryFn: fetchRechargeOptions,
    staleTime: 60_000,
  });
}
