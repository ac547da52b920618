// The player's profile and balances (api/personal/index), shared by every screen that shows
// them. Mutations that move money invalidate `profileKey`.
import { useQuery } from '@tanstack/react-query';
import { useToken } from '@/hooks/use-session';
import {
  fetchProfile,
  PROFILE_DEFAULTS,
  profileKey,
  type Balances,
  type User,
} from '@/lib/profile';
import { readStoredUser } from '@/lib/session';

export {
  fetchProfile,
  PROFILE_DEFAULTS,
  profileKey,
  type Balances,
  type User,
} from '@/lib/profile';

/** `fresh`: screens that show money refetch on every visit (the cached copy shows meanwhile). */
export type ProfileOptions = { fresh?: boolean };

export function useProfile({ fresh = false }: ProfileOptions = {}) {
  const token = useToken();
  return useQuery({
    queryKey: profileKey,
    queryFn: () => fetchProfile(),
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
    profile.data === undefined
      ? undefined
      : { balance: profile.data.balance, game_balance: profile.data.game_balance };
  return { ...profile, data: balances };
}

/** The name to greet a player with. */
export const displayName = (user: Pick<User, 'nickname' | 'username' | 'phone'>): string =>
  user.nickname.trim() || user.username.trim() || user.phone;
