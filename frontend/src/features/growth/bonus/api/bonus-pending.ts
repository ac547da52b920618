import { useQuery } from '@tanstack/react-query';
import { bonusKey } from '@/features/growth/bonus/api/first-deposit';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/**
 * The player's deposit bonuses in reserve: granted at a deposit's approval, released to his
 * wallet by play (each settled, not refunded bet releases its stake times the house's net edge
 * on its option).
 */
export type BonusPending = {
  /** Granted, not yet released: neither stakable nor withdrawable. */
  pending: MoneyText;
  /** Released to the wallet so far, over all grants. */
  released: MoneyText;
  /** The house's expected win his play must still give to release what is pending. */
  expected_win_needed: MoneyText;
  release_percent: number;
  /** At most this much more in settled bets releases all that is pending; null when none is. */
  stake_at_most: MoneyText | null;
};

/**
 * GET api/bonus/pending — what of the player's bonuses waits for play. Quiet on failure: the
 * card that shows it simply stays away, and the page's own queries report the problem.
 */
export function useBonusPending() {
  return useQuery({
    queryKey: [...bonusKey, 'pending'],
    queryFn: () => api.get<BonusPending>('api/bonus/pending', undefined, { silent: true }),
    staleTime: 0,
  });
}
