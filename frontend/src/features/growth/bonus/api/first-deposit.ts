import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/** A deposit of at least `min_amount` gets `rate_bp` basis points of itself, at most `cap`. */
export type DepositTier = { min_amount: MoneyText; rate_bp: number; cap: MoneyText };

/** A reward paid on a deposit. */
export type DepositReward = {
  programme: string;
  deposit_id: number | null;
  deposit_amount: MoneyText | null;
  rate_bp: number;
  amount: MoneyText;
  /** What of `amount` has reached the wallet (a deposit bonus is released by play). */
  released: MoneyText;
  paid_at: number;
};

export type FirstDepositState = {
  tiers: DepositTier[];
  /** True until one of the player's deposits is approved. */
  eligible: boolean;
  bonus: DepositReward | null;
};

export const bonusKey = ['growth', 'bonus'] as const;

/** GET api/bonus/first-deposit — the tiers, the player's eligibility and his bonus. */
export function useFirstDeposit() {
  return useQuery({
    queryKey: [...bonusKey, 'first-deposit'],
    queryFn: () => api.get<FirstDepositState>('api/bonus/first-deposit'),
    staleTime: 0,
  });
}
