// The player's profile (api/personal/index) without React or TanStack Query, so the boot code
// can start the request before the query chunk has arrived (see app/boot.ts).
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Exclusion } from '@/lib/protection';
import { storeUser } from '@/lib/session';

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
  /** Withdrawals awaiting payout (amount and fee). */
  frozen: MoneyText;
  /** The roles the player holds (spec section 6); `admin` grants every role. */
  roles: string[];
  /** The permissions the player holds; `*:*:*` grants every permission. */
  permissions: string[];
  /** A running time-out or self-exclusion (null: none). */
  exclusion: Exclusion | null;
};

export type Balances = Pick<User, 'balance' | 'game_balance'>;

/** Every profile field a fresh server sends; a cached copy from an older version may lack some. */
export const PROFILE_DEFAULTS: Pick<
  User,
  | 'real_name'
  | 'email'
  | 'tax_number'
  | 'fund_password_set'
  | 'bank_card_bound'
  | 'roles'
  | 'permissions'
  | 'exclusion'
> = {
  real_name: '',
  email: '',
  tax_number: '',
  fund_password_set: false,
  bank_card_bound: false,
  roles: [],
  permissions: [],
  exclusion: null,
};

export const profileKey = ['profile'] as const;

export async function fetchProfile(options: { silent?: boolean } = {}): Promise<User> {
  const user = {
    ...PROFILE_DEFAULTS,
    ...(await api.get<User>('api/personal/index', undefined, options)),
  };
  storeUser(user);
  return user;
}
