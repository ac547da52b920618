// The player's profile and balances (api/personal/index), shared by every screen that shows
// them. Mutations that move money invalidate `profileKey`.
import { useQuery } from '@tanstack/react-query';
import { useToken } from '@/hooks/use-session';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import { readStoredUser, storeUser } from '@/lib/session';

export type User = {
  id: number;
  username: string;
  nickname: string;
  phone: string;
  avatar: string;
  vip_level: number;
  balance: MoneyText;
  game_balance: MoneyText;
  total_deposit: MoneyText;
  betting_points: MoneyText;
  invite_code: string;
};

export type Balances = Pick<User, 'balance' | 'game_balance'>;

export const profileKey = ['profile'] as const;

export async function fetchProfile(): Promise<User> {
  const user = await api.get<User>('api/personal/index');
  storeUser(user);
  return user;
}

export function useProfile() {
  const token = useToken();
  return useQuery({
    queryKey: profileKey,
    queryFn: fetchProfile,
    enabled: token !== null,
    // The cached copy renders at once; the fresh one replaces it when it arrives.
    placeholderData: () => readStoredUser<User>() ?? undefined,
    staleTime: 15_000,
  });
}

export function useBalances() {
  const profile = useProfile();
  const balances: Balances | undefined =
    profile.data === undefined ? undefined : { balance: profile.data.balance, game_balance: profile.data.game_balance };
  return { ...profile, data: balances };
}

/** The name to greet a player with. */
export const displayName = (user: Pick<User, 'nickname' | 'username' | 'phone'>): string =>
  user.nickname.trim() || user.username.trim() || user.phone;
