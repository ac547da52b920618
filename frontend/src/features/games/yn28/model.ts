// The yn28 trading hall as data, without React: regions and tier rooms, a draw's keno numbers
// and a + b + c = sum with its outcome tags (GAMES.md "yn28 trading hall"), the option board's
// groups, the trade form's checks and the sum chart's geometry (the special rules in words are
// games/parts/special-rules).
import type { OddsOption } from '@/features/games/api/odds';
import { optionLabel } from '@/features/games/parts/game-labels';
import type { MessageKey, Translate } from '@/i18n/i18n';
import { isMoneyInput, minorOr0, toMinor, type Minor, type MoneyText } from '@/lib/money';

export const REGIONS = ['canada', 'china', 'usa'] as const;
export type Region = (typeof REGIONS)[number];
export const TIERS = ['ordinary', 'vip', 'diamond', 'supreme'] as const;
export type Tier = (typeof TIERS)[number];

export const isRegion = (value: string | null | undefined): value is Region =>
  REGIONS.includes(value as Region);

/** `canada_vip` -> {region: canada, tier: vip}; a bare region is its ordinary room's draw; null otherwise. */
export function parseRoom(room: string | null | undefined): { region: Region; tier: Tier } | null {
  const match = /^(canada|china|usa)(?:_(ordinary|vip|diamond|supreme))?$/.exec(room ?? '');
  if (match === null) return null;
  return { region: match[1] as Region, tier: (match[2] ?? 'ordinary') as Tier };
}

export const TIER_KEYS: Record<Tier, MessageKey> = {
  ordinary: 'games_tier_ordinary',
  vip: 'games_tier_vip',
  diamond: 'games_tier_diamond',
  supreme: 'games_tier_supreme',
};

/** A drawn period: keno numbers and a, b, c. */
export type Yn28Draw = { numbers: number[]; digits: [number, number, number]; sum: number };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isDigit = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 9;

/** `{"game":"yn28","result":{region, numbers, digits}}` (or the inner object) as a draw, or null. */
export function parseDraw(values: unknown): Yn28Draw | null {
  const result = isRecord(values) && isRecord(values.result) ? values.result : values;
  if (!isRecord(result)) return null;
  const digits = result.digits;
  if (!Array.isArray(digits) || digits.length !== 3 || !digits.every(isDigit)) return null;
  const numbers = Array.isArray(result.numbers)
    ? result.numbers.filter((n): n is number => Number.isInteger(n))
    : [];
  const [a, b, c] = digits as [number, number, number];
  return { numbers, digits: [a, b, c], sum: a + b + c };
}

export type Tag =
  | 'big'
  | 'small'
  | 'odd'
  | 'even'
  | 'big_odd'
  | 'big_even'
  | 'small_odd'
  | 'small_even'
  | 'extreme_big'
  | 'extreme_small'
  | 'leopard'
  | 'pair'
  | 'straight';

/** The outcome tags of a, b, c in the server's order (api/trend/index `tags`). */
export function tagsOf([a, b, c]: readonly [number, number, number]): Tag[] {
  const sum = a + b + c;
  const big = sum >= 14;
  const odd = sum % 2 === 1;
  const tags: Tag[] = [
    big ? 'big' : 'small',
    odd ? 'odd' : 'even',
    `${big ? 'big' : 'small'}_${odd ? 'odd' : 'even'}` as Tag,
  ];
  if (sum >= 22) tags.push('extreme_big');
  if (sum <= 5) tags.push('extreme_small');
  const sorted = [a, b, c].sort((x, y) => x - y) as [number, number, number];
  if (a === b && b === c) tags.push('leopard');
  else if (a === b || b === c || a === c) tags.push('pair');
  else if (sorted[1] === sorted[0] + 1 && sorted[2] === sorted[1] + 1) tags.push('straight');
  return tags;
}

/** A tag's or option's name ("Big", "Small odd", "Sum 13"). */
export const tagLabel = (tag: string, t: Translate): string => optionLabel('yn28', tag, t);

/** Tone of a tag chip: up side, down side, or neutral. */
export function tagTone(tag: string): 'up' | 'down' | 'plain' {
  if (tag === 'big' || tag.startsWith('big_') || tag === 'extreme_big') return 'up';
  if (tag === 'small' || tag.startsWith('small_') || tag === 'extreme_small') return 'down';
  return 'plain';
}

export type BoardGroup = {
  id: 'two_way' | 'combo' | 'extreme' | 'pattern' | 'sum';
  title: MessageKey;
  options: OddsOption[];
};

const GROUP_OF: Record<string, BoardGroup['id']> = {
  big: 'two_way',
  small: 'two_way',
  odd: 'two_way',
  even: 'two_way',
  big_odd: 'combo',
  small_odd: 'combo',
  big_even: 'combo',
  small_even: 'combo',
  extreme_big: 'extreme',
  extreme_small: 'extreme',
  leopard: 'pattern',
  pair: 'pattern',
  straight: 'pattern',
};
const GROUP_TITLES: Record<BoardGroup['id'], MessageKey> = {
  two_way: 'yn28_group_two_way',
  combo: 'yn28_group_combo',
  extreme: 'yn28_group_extreme',
  pattern: 'yn28_group_pattern',
  sum: 'yn28_group_sum',
};

/** The odds reply's options in board groups (server order kept inside a group); unknown codes are left out. */
export function groupOptions(options: readonly OddsOption[]): BoardGroup[] {
  const groups = new Map<BoardGroup['id'], OddsOption[]>();
  for (const option of options) {
    const id =
      GROUP_OF[option.option] ?? (/^sum_(\d|1\d|2[0-7])$/.test(option.option) ? 'sum' : undefined);
    if (id === undefined) continue;
    groups.set(id, [...(groups.get(id) ?? []), option]);
  }
  return (Object.keys(GROUP_TITLES) as BoardGroup['id'][]).flatMap((id) => {
    const list = groups.get(id);
    return list === undefined ? [] : [{ id, title: GROUP_TITLES[id], options: list }];
  });
}

/** Chip values of a tier room's bet slip (whole units). */
export const ROOM_CHIPS: readonly MoneyText[] = ['10', '50', '100', '500', '1000'];

/** Minimum trade (GAMES.md: "with a minimum trade of 10"). */
export const TRADE_MIN: Minor = 1000n;

export type TradeProblem =
  | 'yn28_err_trade_amount'
  | 'yn28_err_trade_min'
  | 'yn28_err_trade_balance'
  | 'yn28_err_trade_closed';

/** Why a trade cannot be sent as typed, checked before sending (server order), or null. */
export function tradeProblem(
  amount: string,
  balance: MoneyText | undefined,
  open: boolean,
): TradeProblem | null {
  if (!open) return 'yn28_err_trade_closed';
  const text = amount.trim();
  if (!isMoneyInput(text) || toMinor(text) <= 0n) return 'yn28_err_trade_amount';
  const minor = toMinor(text);
  if (minor < TRADE_MIN) return 'yn28_err_trade_min';
  if (balance !== undefined && minor > minorOr0(balance)) return 'yn28_err_trade_balance';
  return null;
}

/** Trade side -> bet option. */
export const TRADE_OPTION = { up: 'big', down: 'small' } as const;
export type TradeSide = keyof typeof TRADE_OPTION;

/** Geometry of the sum chart: points oldest to newest, sum 0 at the bottom, 27 at the top. */
export function chartPoints(
  sums: readonly number[],
  width: number,
  height: number,
  pad = 4,
): { x: number; y: number }[] {
  const n = sums.length;
  const inner = height - 2 * pad;
  return sums.map((sum, index) => ({
    x: n <= 1 ? width / 2 : pad + (index * (width - 2 * pad)) / (n - 1),
    y: pad + inner - (Math.min(27, Math.max(0, sum)) / 27) * inner,
  }));
}

/** The y of the big/small line (between 13 and 14) in the same scale. */
export const chartMidY = (height: number, pad = 4): number =>
  pad + (height - 2 * pad) - (13.5 / 27) * (height - 2 * pad);

/** `polyline` points attribute. */
export const pointsAttr = (points: readonly { x: number; y: number }[]): string =>
  points.map(({ x, y }) => `${round(x)},${round(y)}`).join(' ');
const round = (value: number): number => Math.round(value * 10) / 10;

/** Outcome counts over the last n draws, of the tags the trend page tables. */
export const COUNT_TAGS: readonly Tag[] = [
  'big',
  'small',
  'odd',
  'even',
  'big_odd',
  'big_even',
  'small_odd',
  'small_even',
  'extreme_big',
  'extreme_small',
  'leopard',
  'pair',
  'straight',
];
export const COUNT_WINDOWS = ['20', '50', '100'] as const;
