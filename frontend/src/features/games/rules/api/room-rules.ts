import { useQuery } from '@tanstack/react-query';
import { gamesKey } from '@/features/games/api/keys';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

/** An exact figure: the reduced fraction "n/d" and its percentage with two decimals. */
export type Exact = { fraction: string; percent: string };

/** One option of GET api/roominfo/rules. */
export type RulesOption = {
  option: string;
  odds: string;
  /** Wins at full or reduced odds. */
  probability: Exact;
  win: Exact;
  win_reduced: { odds: string; probability: Exact }[];
  refund: Exact;
  /** Return to player, stake included. */
  rtp: Exact;
  /** The stake the figures are for (the option's minimum bet). */
  stake: MoneyText;
  rtp_from_stake: { stake_min: MoneyText; rtp: Exact }[];
};

export type RulesGroup = {
  kind: string;
  /** PK10 position, SSC ball or window (1 front, 2 middle, 3 back). */
  position: number | null;
  exclusive: boolean;
  refund: Exact;
  options: RulesOption[];
};

export type RulesLimits = {
  option: string | null;
  min_bet: MoneyText;
  max_user: MoneyText;
  max_total: MoneyText;
  payout_cap: MoneyText;
};

/** GET api/roominfo/rules: a room's rules and odds page from its live configuration. */
export type RulesPage = {
  room: string;
  game: string;
  rule_version: number;
  is_open: boolean;
  entry_min: MoneyText;
  service_fee_bp: number;
  rules: unknown;
  groups: RulesGroup[];
  limits: RulesLimits[];
  schedule: {
    period_secs: number;
    close_secs: number;
    timezone: string;
    issue: string;
    close_at: number;
    draw_at: number;
  };
  fairness: {
    draw_source: string;
    commitment: string | null;
    chain_id: string | null;
    first_issue: string | null;
    message: string;
    verify_command: string;
  };
};

export const roomRulesKey = (room: string) => [...gamesKey, 'rules', room] as const;

export const fetchRoomRules = (room: string) => api.get<RulesPage>('api/roominfo/rules', { room });

/** The figures change only when the operator edits the room: a minute of staleness is fine. */
export function useRoomRules(room: string) {
  return useQuery({
    queryKey: roomRulesKey(room),
    queryFn: () => fetchRoomRules(room),
    staleTime: 60_000,
  });
}
