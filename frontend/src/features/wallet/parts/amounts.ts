// Wallet arithmetic, exactly as the server does it: integer minor units, rates in millionths,
// fees in basis points, every division rounded up to the cent.
import {
  fromMinor,
  MAX_MINOR,
  parseRateMicros,
  scaleUp,
  toMinor,
  type MoneyText,
} from '@/lib/money';

/**
 * What the player pays in a currency of `rate` units per wallet unit: amount × rate, rounded
 * up to the cent (the server's `pay_amount`). Null for a malformed rate or an absurd result.
 */
export function payAmount(amount: MoneyText, rate: string): MoneyText | null {
  const micros = parseRateMicros(rate);
  if (micros === null) return null;
  const minor = scaleUp(toMinor(amount), micros, 1_000_000n);
  return minor === null || minor > MAX_MINOR ? null : fromMinor(minor);
}

export type FeeRule = { fee_bp: number; small_below: MoneyText; small_fee: MoneyText };

/** The fee on top of a withdrawal: the flat small fee under `small_below`, else fee_bp rounded up. */
export function withdrawFee(amount: MoneyText, rule: FeeRule): MoneyText {
  const minor = toMinor(amount);
  if (minor < toMinor(rule.small_below)) return fromMinor(toMinor(rule.small_fee));
  const fee = scaleUp(minor, BigInt(Math.max(0, Math.trunc(rule.fee_bp))), 10_000n);
  return fromMinor(fee === null || fee > MAX_MINOR ? MAX_MINOR : fee);
}

/** Amount plus fee: what leaves the balance (into the frozen balance until paid out). */
export const withdrawTotal = (amount: MoneyText, rule: FeeRule): MoneyText =>
  fromMinor(toMinor(amount) + toMinor(withdrawFee(amount, rule)));

/** "1 USDT = 25,000 VND" needs the rate without trailing zeros. */
export function formatRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.trim().split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cut = fraction.replace(/0+$/, '');
  return cut === '' ? grouped : `${grouped}.${cut}`;
}

/** "TXk3Zb…tC5e": enough of an address to recognise it. */
export const maskAddress = (address: string): string =>
  address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
