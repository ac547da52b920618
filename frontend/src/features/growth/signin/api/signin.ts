import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

// The sign-in page and its months sit under this key, so signing in refreshes them all.
export const signinKey = ['growth', 'signin'] as const;

export type RewardDay = { day: number; reward: MoneyText };
export type SignedDay = { date: string; streak: number; reward: MoneyText };

/** GET api/signin/index; dates are the operator's, "YYYY-MM-DD". */
export type SigninIndex = {
  today: string;
  signed_today: boolean;
  /** Today's streak when signed, else yesterday's (0 after a missed day). */
  streak: number;
  today_reward: MoneyText;
  next_reward: MoneyText;
  /** The day of `rewards` (1-based) the next sign-in pays. */
  next_day: number;
  rewards: RewardDay[];
  after_last: 'repeat_last' | 'restart';
  /** Whether the operator offers the sign-in reward at all. */
  enabled: boolean;
  recharge_first: boolean;
  /** Whether this player must pass a deposit before signing in. */
  deposit_needed: boolean;
  /** The month shown, "YYYY-MM". */
  month: string;
  days: SignedDay[];
};

/** The page for `month` ("YYYY-MM"), the current month when undefined. */
export function useSigninIndex(month: string | undefined) {
  return useQuery({
    queryKey: [...signinKey, month ?? 'current'],
    queryFn: () => api.get<SigninIndex>('api/signin/index', { month }),
    staleTime: 0,
  });
}

export type SigninReceipt = { date: string; streak: number; reward: MoneyText; balance: MoneyText };

export const signIn = (key: string) =>
  api.post<SigninReceipt>('api/signin/sign', {}, { headers: { 'Idempotency-Key': key } });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: signinKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}
