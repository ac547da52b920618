import { useQuery } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type WithdrawTerms = {
  balance: MoneyText;
  /** What the player still has to bet before a withdrawal opens. */
  turnover_remaining: MoneyText;
  min: MoneyText;
  max: MoneyText;
  /** The player's VIP level, whose row sets `single_max` and `daily_count`. */
  vip_level: number;
  single_max: MoneyText;
  daily_count: number;
  used_today: number;
  /** Withdrawals still allowed today (`daily_count - used_today`, at least 0). */
  left_today: number;
  /** Fee in basis points of the amount (rounded up to the cent). */
  fee_bp: number;
  /** Amounts under this pay `small_fee` instead. */
  small_below: MoneyText;
  small_fee: MoneyText;
  /** The fee of an `amount` asked about; null without one. */
  quote: { amount: MoneyText; fee: MoneyText; total: MoneyText } | null;
  /** The player's pending withdrawals, oldest first. */
  pending: PendingWithdrawal[];
  /** The server's time (Unix seconds). */
  now: number;
};

export type PendingWithdrawal = {
  id: number;
  method: string;
  account: string;
  amount: MoneyText;
  fee: MoneyText;
  status: 'pending';
  created_at: number;
  /** Seconds in the review queue. */
  waiting_secs: number;
};

export const withdrawTermsKey = [...walletKey, 'withdraw-terms'] as const;

/** GET api/personal/withdraw — balance, turnover still to bet, limits, the fee rule and the
 * pending withdrawals. */
export const fetchWithdrawTerms = () => api.get<WithdrawTerms>('api/personal/withdraw');

export function useWithdrawTerms() {
  return useQuery({ queryKey: withdrawTermsKey, queryFn: fetchWithdrawTerms, staleTime: 0 });
}
