import { toMinor, type MoneyText } from '@/lib/money';

/** Basis points as a percentage: 50 -> "0.5", 1000 -> "10", 125 -> "1.25". */
export function percentOfBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = bp % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** How much of `needed` `have` covers, in whole percent 0..100 (100 when nothing is needed). */
export function progressPercent(have: MoneyText, needed: MoneyText): number {
  const target = toMinor(needed);
  if (target <= 0n) return 100;
  const share = (toMinor(have) * 100n) / target;
  return Number(share > 100n ? 100n : share);
}
