// Names of games, rooms and bet options in the reader's language, shared by the screens that
// list bets or runs (records, long dragon) and by the words the game pages reuse. Codes are
// GAMES.md "Codes"; an unknown code shows as itself rather than as a wrong name. The texts are
// the shared games_* keys (one name per option across screens), except the yn28 names below.
import type { MessageKey, Translate } from '@/i18n/i18n';
import { languageOf, type LangCode } from '@/i18n/languages';

const GAME_KEYS: Record<string, MessageKey> = {
  k3: 'games_name_k3',
  pk10: 'games_name_pk10',
  ssc: 'games_name_ssc',
  rgb: 'games_name_rgb',
  yn28: 'games_name_yn28',
};

const TIER_KEYS: Record<string, MessageKey> = {
  ordinary: 'games_tier_ordinary',
  vip: 'games_tier_vip',
  diamond: 'games_tier_diamond',
  supreme: 'games_tier_supreme',
};

/** ISO 3166 codes of the yn28 regions, named by Intl in the reader's language. */
const REGION_ISO: Record<string, string> = { canada: 'CA', china: 'CN', usa: 'US' };

/** `k3` -> "K3 dice"; an unknown game as its code. */
export const gameLabel = (game: string, t: Translate): string =>
  GAME_KEYS[game] === undefined ? game : t(GAME_KEYS[game]);

/** `canada` -> "Canada" in the reader's language (Intl), the ISO code without Intl. */
export function regionName(region: string, lang: LangCode): string {
  const iso = REGION_ISO[region] ?? region;
  try {
    return new Intl.DisplayNames([languageOf(lang).tag], { type: 'region' }).of(iso) ?? iso;
  } catch {
    // Without Intl.DisplayNames the ISO code stands in.
    return iso;
  }
}

/** `k3` -> "K3 dice", `rgb3` -> "Colour game · 3 min", `canada_vip` -> "Canada 28 · VIP room". */
export function roomLabel(room: string, t: Translate, lang: LangCode): string {
  if (GAME_KEYS[room] !== undefined) return gameLabel(room, t);
  const rgb = /^rgb(\d+)$/.exec(room);
  if (rgb !== null) return t('games_room_rgb', { n: Number(rgb[1]) });
  const yn28 = /^(canada|china|usa)(?:_(\w+))?$/.exec(room);
  if (yn28 === null) return room;
  const region = `${regionName(yn28[1] ?? '', lang)} 28`;
  const tier = yn28[2] === undefined ? undefined : TIER_KEYS[yn28[2]];
  return tier === undefined ? region : `${region} · ${t(tier)}`;
}

const WORDS = {
  big: 'games_opt_big',
  small: 'games_opt_small',
  odd: 'games_opt_odd',
  even: 'games_opt_even',
  big_odd: 'games_opt_big_odd',
  big_even: 'games_opt_big_even',
  small_odd: 'games_opt_small_odd',
  small_even: 'games_opt_small_even',
  extreme_big: 'games_opt_extreme_big',
  extreme_small: 'games_opt_extreme_small',
  leopard: 'games_opt_leopard',
  pair: 'games_opt_pair',
  straight: 'games_opt_straight',
  half_straight: 'games_opt_half_straight',
  mixed: 'games_opt_mixed',
  dragon: 'games_opt_dragon',
  tiger: 'games_opt_tiger',
  tie: 'games_opt_tie',
  red: 'games_opt_red',
  green: 'games_opt_green',
  violet: 'games_opt_violet',
  triple_any: 'games_opt_triple_any',
} as const satisfies Record<string, MessageKey>;

/** An option code that is a word on its own ("big", "red", "leopard"). */
export type OptionWord = keyof typeof WORDS;

/** yn28's players know big and small as long and short, extreme big and small as extreme yang
 * and yin (product spec, section 1); the codes stay those of GAMES.md. */
const YN28_WORDS: Partial<Record<OptionWord, MessageKey>> = {
  big: 'games_opt_yn28_long',
  small: 'games_opt_yn28_short',
  extreme_big: 'games_opt_yn28_extreme_yang',
  extreme_small: 'games_opt_yn28_extreme_yin',
};

/** The message key of a one-word option in `game`, for screens that build labels of their own. */
export const optionWordKey = (word: OptionWord, game?: string): MessageKey =>
  (game === 'yn28' ? YN28_WORDS[word] : undefined) ?? WORDS[word];

const wordKey = (code: string | undefined, game?: string): MessageKey | undefined =>
  code !== undefined && Object.hasOwn(WORDS, code)
    ? optionWordKey(code as OptionWord, game)
    : undefined;

const SSC_WINDOWS: Record<string, MessageKey> = {
  front: 'games_opt_front',
  middle: 'games_opt_middle',
  back: 'games_opt_back',
};

const faces = (digits: string): string => digits.split('').join(', ');

type Rule = {
  pattern: RegExp;
  games?: readonly string[];
  label: (match: string[], t: Translate) => string | null;
};

/** Code patterns, first match wins; `games` limits a pattern whose meaning depends on the game. */
const RULES: readonly Rule[] = [
  {
    pattern: /^sum_(\d+)$/,
    games: ['pk10'],
    label: ([, n], t) => `${t('games_opt_top_two')} · ${n}`,
  },
  {
    pattern: /^sum_([a-z_]+)$/,
    games: ['pk10'],
    label: ([, side], t) => scoped(t('games_opt_top_two'), side, t),
  },
  { pattern: /^sum_(\d+)$/, label: ([, n], t) => t('games_opt_sum', { n: Number(n) }) },
  { pattern: /^triple_(\d)$/, label: ([, n], t) => t('games_opt_triple', { n: Number(n) }) },
  {
    pattern: /^pair_(\d)_single_(\d)$/,
    label: ([, pair, single], t) =>
      t('games_opt_pair_single', { pair: pair ?? '', single: single ?? '' }),
  },
  { pattern: /^pair_(\d)$/, label: ([, n], t) => t('games_opt_pair_of', { n: Number(n) }) },
  {
    pattern: /^three_diff_(\d{3})$/,
    label: ([, digits], t) => t('games_opt_three_diff', { faces: faces(digits ?? '') }),
  },
  {
    pattern: /^two_diff_(\d{2})$/,
    label: ([, digits], t) => t('games_opt_two_diff', { faces: faces(digits ?? '') }),
  },
  { pattern: /^die_(\d)$/, label: ([, n], t) => t('games_opt_die', { n: Number(n) }) },
  { pattern: /^num_(\d)$/, label: ([, n], t) => t('games_opt_number', { n: Number(n) }) },
  {
    pattern: /^p(\d+)_car_(\d+)$/,
    label: ([, k, n], t) =>
      `${t('games_opt_position', { k: Number(k) })} · ${t('games_opt_car', { n: Number(n) })}`,
  },
  {
    pattern: /^p(\d+)_([a-z_]+)$/,
    label: ([, k, side], t) => scoped(t('games_opt_position', { k: Number(k) }), side, t),
  },
  {
    pattern: /^b(\d)_(\d)$/,
    label: ([, k, digit], t) => `${t('games_opt_ball', { k: Number(k) })} · ${digit}`,
  },
  {
    pattern: /^b(\d)_([a-z_]+)$/,
    label: ([, k, side], t) => scoped(t('games_opt_ball', { k: Number(k) }), side, t),
  },
  { pattern: /^total_([a-z_]+)$/, label: ([, side], t) => scoped(t('games_opt_total'), side, t) },
  {
    pattern: /^(front|middle|back)_([a-z_]+)$/,
    label: ([, window, shape], t) =>
      scoped(t(SSC_WINDOWS[window ?? ''] ?? 'games_opt_front'), shape, t),
  },
];

/** "<scope> · <word>", or null when the word is unknown (the caller then shows the code). */
function scoped(scope: string, word: string | undefined, t: Translate): string | null {
  const key = wordKey(word);
  return key === undefined ? null : `${scope} · ${t(key)}`;
}

/** A bet option's name in the reader's language, e.g. `p3_odd` -> "Position 3 · Odd",
 * `sum_big` (PK10) -> "Top-two sum · Big", `big` (yn28) -> "Long"; an unknown code as it is. */
export function optionLabel(game: string, code: string, t: Translate): string {
  const word = wordKey(code, game);
  if (word !== undefined) return t(word);
  for (const rule of RULES) {
    if (rule.games !== undefined && !rule.games.includes(game)) continue;
    const match = rule.pattern.exec(code);
    if (match !== null) return rule.label([...match], t) ?? code;
  }
  return code;
}
