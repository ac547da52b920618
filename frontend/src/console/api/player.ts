// GET api/players/ID: one player as `admin user show` reports him (account, grants, balances,
// limits, protection, team, adjustments waiting, recent ledger entries, logins and bets), with
// what the staff member may do on his page and the four-eyes amount of adjustments.
import { useQuery } from '@tanstack/react-query';
import { playersKey } from '@/console/api/players';
import type { Balances } from '@/console/api/withdrawal-detail';
import { api } from '@/console/lib/api';

export type PlayerAccount = {
  id: number;
  phone: string;
  username: string | null;
  nickname: string;
  avatar: string;
  invite_code: string;
  inviter_id: number | null;
  vip_level: number;
  frozen_at: number | null;
  created_at: number;
};

export type PlayerLimits = {
  withdraw_single_max: string;
  withdraw_daily_count: number;
  withdrawals_today: number;
  withdrawals_left_today: number;
  deposits_pending: number;
  deposit_pending_max: number;
  turnover_remaining: string;
};

/** One deposit or loss limit: "day", "week" or "month"; null amount: none set. */
export type LimitState = {
  period: string;
  amount: string | null;
  used: string;
  left: string | null;
  frees_at: number | null;
  pending: { amount: string | null; at?: number } | null;
};

export type ProtectionState = {
  deposit_limits: LimitState[];
  loss_limits: LimitState[];
  /** 0: off. */
  reality_check_mins: number;
  /** A running time-out or self-exclusion. */
  exclusion: { kind: string; started_at: number; until: number } | null;
  has_limits: boolean;
};

/** One level of his team (1 to 3), or the whole team (0). */
export type TeamFigures = {
  level: number;
  people: number;
  recharge: string;
  bets: string;
  withdrawals: string;
  bonus: string;
};

export type AdjustmentRequest = {
  id: number;
  user_id: number;
  credit: boolean;
  /** The amount without its sign (`credit` says which way). */
  amount: string;
  reason: string;
  requested_by: string;
  requested_at: number;
  decided_by: string | null;
  decided_at: number | null;
  /** "applied" or "cancelled"; null while it waits. */
  outcome: string | null;
};

export type LedgerEntry = {
  id: number;
  account: string;
  kind: string;
  reference: string;
  memo: string;
  /** Signed: "-10.00" left the account. */
  amount: string;
  balance_after: string;
  created_at: number;
};

export type LoginRecord = {
  started_at: number;
  address: string;
  expires_at: number;
  ended_at: number | null;
};

export type PlayerBet = {
  id: number;
  order_no: string;
  room: string;
  game: string;
  issue: string;
  option: string;
  amount: string;
  odds: string;
  status: string;
  outcome: string | null;
  payout: string;
  profit: string;
  placed_at: number;
  settled_at: number | null;
};

export type PlayerActions = {
  adjust: boolean;
  freeze: boolean;
  reset_password: boolean;
  manage_roles: boolean;
};

export type PlayerReport = {
  account: PlayerAccount;
  inviter: { id: number; phone: string } | null;
  grants: { roles: string[]; permissions: string[] };
  balances: Balances;
  limits: PlayerLimits;
  protection: ProtectionState;
  team: { invite_code: string; levels: TeamFigures[]; total: TeamFigures };
  adjustments_waiting: AdjustmentRequest[];
  entries: LedgerEntry[];
  logins: LoginRecord[];
  bets: PlayerBet[];
  may: PlayerActions;
  /** An adjustment of more than this waits for a second staff member ("0.00": never). */
  adjust_second_approval_above: string;
};

export const playerKey = (id: number) => [...playersKey, 'player', id] as const;

export const fetchPlayer = (id: number) => api.get<PlayerReport>(`players/${id}`);

export function usePlayer(id: number) {
  return useQuery({ queryKey: playerKey(id), queryFn: () => fetchPlayer(id) });
}
