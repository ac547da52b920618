// Protection states as api/protection/index sends them. Tests only.
import type { Limit, LimitPeriod, ProtectionState } from '@/lib/protection';

export const noLimit = (period: LimitPeriod): Limit => ({
  period,
  amount: null,
  used: '0.00',
  left: null,
  frees_at: null,
  pending: null,
});

export const unprotected: ProtectionState = {
  deposit_limits: [noLimit('day'), noLimit('week'), noLimit('month')],
  loss_limits: [noLimit('day'), noLimit('week'), noLimit('month')],
  reality_check_mins: 0,
  reality_check_choices: [0, 15, 30, 60, 120],
  exclusion: null,
  timeout_choices: ['24h', '7d', '30d'],
  exclusion_choices: ['6m', '1y', '2y', '5y'],
  has_limits: false,
};

/** `state` with its deposit limit of `period` replaced. */
export function withDepositLimit(state: ProtectionState, limit: Limit): ProtectionState {
  return {
    ...state,
    deposit_limits: state.deposit_limits.map((entry) =>
      entry.period === limit.period ? limit : entry,
    ),
    has_limits: true,
  };
}

export const rejection = (err: string, msg: string) =>
  new Response(JSON.stringify({ code: 0, msg, err, data: null }), {
    headers: { 'Content-Type': 'application/json' },
  });
