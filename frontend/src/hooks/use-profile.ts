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
  /** "" until set (by setuserinfo or by linking the bank card). */
  real_name: string;
  email: string;
  tax_number: string;
  fund_password_set: boolean;
  /** Once true, the bank card and the real name can no longer change. */
  bank_card_bound: boolean;
  /** The frozen balance, when the server includes it (older servers do not). */
  frozen?: MoneyText;
};

export type Balances = Pick<User, 'balance' | 'game_balance'>;

/** Every profile field a fresh server sends; a cached copy from an older version may lack some. */
export const PROFILE_DEFAULTS: Pick<User, 'real_name' | 'email' | 'tax_number' | 'fund_password_set' | 'bank_card_bound'> = {
  real_name: '',
  email: '',
  tax_number: '',
  fund_password_set: false,
  bank_card_bound: false,
};

export const profileKey = ['profile'] as const;

export async function fetchProfile(): Promise<User> {
  const user = { ...PROFILE_DEFAULTS, ...(await api.get<User>('api/personal/index')) };
  storeUser(user);
  return user;
}

/** `fresh`: screens that show money refetch on every visit (the cached copy shows meanwhile). */
export type ProfileOptions = { fresh?: boolean };

export function useProfile({ fresh = false }: ProfileOptions = {}) {
  const token = useToken();
  return useQuery({
    queryKey: profileKey,
    queryFn: fetchProfile,
    enabled: token !== null,
    // The cached copy renders at once; the fresh one replaces it when it arrives.
    placeholderData: () => {
      const stored = readStoredUser<User>();
      return stored === null ? undefined : { ...PROFILE_DEFAULTS, ...stored };
    },
    staleTime: fresh ? 0 : 15_000,
    refetchOnMount: fresh ? 'always' : true,
  });
}

export function useBalances(options: ProfileOptions = {}) {
  const profile = useProfile(options);
  const balances: Balances | undefined =
    profile.data === undefined ? undefined : { balance: profile.data.balance, game_balance: profile.data.game_balance };
  return { ...profile, data: balances };
}

/** The name to greet a player with. */
export const displayName = (user: Pick<User, 'nickname' | 'username' | 'phone'>): string =>
  user.nickname.trim() || user.username.trim() || user.phone;
