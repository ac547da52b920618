// Money travels as decimal strings with two places ("12.50"). Arithmetic happens on integer
// minor units (bigint cents); there is no float anywhere on the way.
export type MoneyText = string;
export type Minor = bigint;

const MONEY_RE = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;
/** What a user may type as an amount: no sign, no leading zero, up to two decimals. */
const INPUT_RE = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

export class MoneyFormatError extends Error {
  constructor(text: string) {
    super(`not a money amount: "${text}"`);
    this.name = 'MoneyFormatError';
  }
}

/** "12.5" -> 1250n, "-0.01" -> -1n. Throws on anything that is not a plain decimal. */
export function toMinor(text: MoneyText): Minor {
  const match = MONEY_RE.exec(text.trim());
  if (match === null) throw new MoneyFormatError(text);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** 1250n -> "12.50". */
export function fromMinor(minor: Minor): MoneyText {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${cents}`;
}

/** Lenient read for server values: a malformed amount counts as zero. */
export function minorOr0(text: MoneyText | null | undefined): Minor {
  if (text === null || text === undefined) return 0n;
  try {
    return toMinor(text);
  } catch {
    return 0n;
  }
}

export const addMoney = (a: MoneyText, b: MoneyText): MoneyText =>
  fromMinor(toMinor(a) + toMinor(b));
export const subMoney = (a: MoneyText, b: MoneyText): MoneyText =>
  fromMinor(toMinor(a) - toMinor(b));
export const compareMoney = (a: MoneyText, b: MoneyText): -1 | 0 | 1 => {
  const diff = toMinor(a) - toMinor(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};

/** Whether a typed amount is acceptable: up to two decimals, no leading zero. */
export const isMoneyInput = (text: string): boolean => INPUT_RE.test(text);

/** For display: "1234567.5" -> "1,234,567.50" (grouping by thousands). */
export function formatMoney(text: MoneyText | null | undefined, separator = ','): string {
  const normal = fromMinor(minorOr0(text));
  const negative = normal.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? normal.slice(1) : normal).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${negative ? '-' : ''}${grouped}.${cents}`;
}

/**
 * `minor × numerator / denominator`, rounded up to the minor unit — the server's `scale_up`
 * (rates and fees). Null when the denominator is not positive or an input is negative.
 */
export function scaleUp(minor: Minor, numerator: bigint, denominator: bigint): Minor | null {
  if (denominator <= 0n || numerator < 0n || minor < 0n) return null;
  return (minor * numerator + denominator - 1n) / denominator;
}

/** Largest amount the server accepts (one trillion units), in minor units. */
export const MAX_MINOR: Minor = 100_000_000_000_000n;

/** A rate with up to 6 decimals as millionths ("25000" -> 25000000000n); null when malformed. */
export function parseRateMicros(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (match === null) return null;
  const [, whole = '0', fraction = ''] = match;
  const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return micros > 0n && micros <= 1_000_000_000_000_000n ? micros : null;
}

/** The sign of a signed server amount ("-10.00" -> -1). */
export const signOf = (text: MoneyText): -1 | 0 | 1 => {
  const minor = minorOr0(text);
  return minor < 0n ? -1 : minor > 0n ? 1 : 0;
};
