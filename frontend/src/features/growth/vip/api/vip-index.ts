import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/** One level's conditions (both must be reached) and benefits. */
export type VipLevel = {
  level: number;
  total_deposit: MoneyText;
  betting_points: MoneyText;
  upgrade_reward: MoneyText;
  withdraw_single_max: MoneyText;
  withdraw_daily_count: number;
  /** Basis points of each approved deposit (100 = 1 %). */
  deposit_reward_bp: number;
};

/** What is still needed of each condition of the next level (never negative). */
export type VipDistance = { level: number; deposit_needed: MoneyText; betting_needed: MoneyText };

export type VipOverview = {
  level: number;
  total_deposit: MoneyText;
  betting_points: MoneyText;
  /** null at the top level. */
  next: VipDistance | null;
  /** The levels whose upgrade reward the player has had. */
  reached: number[];
  levels: VipLevel[];
};

export const vipKey = ['growth', 'vip'] as const;

/** GET api/vip/index — the player's level, totals, distance to the next and every level. */
export function useVipOverview() {
  return useQuery({
    queryKey: vipKey,
    queryFn: () => api.get<VipOverview>('api/vip/index'),
    staleTime: 0,
  });
}
