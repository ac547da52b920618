// The bet slip's arithmetic, on integer minor units like the server's: one amount per chosen
// option, the order's total, and RGB's service fee (basis points of each stake, rounded up to
// the minor unit and never more than the stake: `BasisPoints::fee` in src/games/odds.rs).
import type { BetLine } from '@/features/games/api/betting';
import type { OddsOption } from '@/features/games/api/odds';
import type { Text } from '@/features/games/parts/text';
import {
  fromMinor,
  isMoneyInput,
  minorOr0,
  scaleUp,
  toMinor,
  type Minor,
  type MoneyText,
} from '@/lib/money';

/** The quick games' chip values (whole units); tapping one sets the amount per option. */
export const CHIPS: readonly MoneyText[] = ['1', '5', '10', '50', '100', '500'];

/** Basis points in a whole (10,000 = 100 %). */
const BASIS = 10_000n;

/** The service fee of one stake (`fee_bp` basis points, rounded up, at most the stake). */
export function serviceFee(stake: Minor, feeBp: number): Minor {
  if (feeBp <= 0 || stake <= 0n) return 0n;
  const fee = scaleUp(stake, BigInt(Math.trunc(feeBp)), BASIS) ?? 0n;
  return fee > stake ? stake : fee;
}

/** The amount per option as minor units, or null unless it is a positive money amount. */
export function amountMinor(text: string): Minor | null {
  const trimmed = text.trim();
  if (!isMoneyInput(trimmed)) return null;
  const minor = toMinor(trimmed);
  return minor > 0n ? minor : null;
}

export type SlipSummary = {
  lines: BetLine[];
  /** What leaves the game balance. */
  total: Minor;
  /** RGB's service fee over all lines (each line rounded up on its own, as the server does). */
  fee: Minor;
  /** What plays: total less fee. */
  net: Minor;
};

/** The order the slip would send, or null while the amount is not a positive amount. */
export function summarize(
  selected: readonly string[],
  amount: string,
  feeBp: number,
): SlipSummary | null {
  const stake = amountMinor(amount);
  if (stake === null) return null;
  const count = BigInt(selected.length);
  const total = stake * count;
  const fee = serviceFee(stake, feeBp) * count;
  return {
    lines: selected.map((option) => ({ option, amount: fromMinor(stake) })),
    total,
    fee,
    net: total - fee,
  };
}

export type SlipInput = {
  selected: readonly string[];
  amount: string;
  /** The room's options by code (limits per option). */
  options: ReadonlyMap<string, OddsOption>;
  /** The game balance, when known. */
  balance: MoneyText | undefined;
  /** Whether the period takes bets now. */
  open: boolean;
};

/** Why the slip cannot be sent as it is (checked in the server's order), or null. */
export function slipProblem({ selected, amount, options, balance, open }: SlipInput): Text | null {
  if (selected.length === 0) return null;
  if (!open) return { key: 'games_err_closed' };
  const stake = amountMinor(amount);
  if (stake === null) return { key: 'games_err_amount' };
  let minimum = 0n;
  let maximum: Minor | null = null;
  for (const code of selected) {
    const option = options.get(code);
    if (option === undefined) continue;
    const min = minorOr0(option.min_bet);
    const max = minorOr0(option.max_user);
    if (min > minimum) minimum = min;
    if (max > 0n && (maximum === null || max < maximum)) maximum = max;
  }
  if (stake < minimum) return { key: 'games_err_min', params: { amount: fromMinor(minimum) } };
  if (maximum !== null && stake > maximum)
    return { key: 'games_err_max', params: { amount: fromMinor(maximum) } };
  if (balance !== undefined && stake * BigInt(selected.length) > minorOr0(balance))
    return { key: 'games_err_balance' };
  return null;
}

/** The selection after tapping `code`: added at the end, or removed when it was chosen. */
export const toggle = (selected: readonly string[], code: string): string[] =>
  selected.includes(code) ? selected.filter((item) => item !== code) : [...selected, code];
