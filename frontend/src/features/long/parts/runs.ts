// Ordering and names of the long-dragon runs. Option and room names reuse the records_* texts
// (one name per option across screens); the code is duplicated from features/records because
// features never import each other.
import type { LongRun } from '@/features/long/api/long-runs';
import type { MessageKey, Translate } from '@/i18n/i18n';
import { languageOf, type LangCode } from '@/i18n/languages';

/** Rooms in the order the games are presented; unknown rooms go last. */
const ROOM_ORDER = ['k3', 'pk10', 'ssc', 'rgb1', 'rgb3', 'rgb5', 'canada', 'china', 'usa'];

const rank = (room: string): number => {
  const index = ROOM_ORDER.indexOf(room.replace(/_.*$/, ''));
  return index < 0 ? ROOM_ORDER.length : index;
};

/** Longest first; ties by room (game order), then option code, so the board does not jump. */
export function orderRuns(runs: readonly LongRun[]): LongRun[] {
  return [...runs].sort((a, b) => b.length - a.length || rank(a.room) - rank(b.room) || a.room.localeCompare(b.room) || a.option.localeCompare(b.option));
}

const GAME_KEYS: Record<string, MessageKey> = {
  k3: 'records_game_k3',
  pk10: 'records_game_pk10',
  ssc: 'records_game_ssc',
  rgb: 'records_game_rgb',
  yn28: 'records_game_yn28',
};

const TIER_KEYS: Record<string, MessageKey> = {
  ordinary: 'records_tier_ordinary',
  vip: 'records_tier_vip',
  diamond: 'records_tier_diamond',
  supreme: 'records_tier_supreme',
};

const REGION_ISO: Record<string, string> = { canada: 'CA', china: 'CN', usa: 'US' };

/** The two- and three-way outcomes a run can be of. */
const SIDES: Record<string, MessageKey> = {
  big: 'records_opt_big',
  small: 'records_opt_small',
  odd: 'records_opt_odd',
  even: 'records_opt_even',
  big_odd: 'records_opt_big_odd',
  big_even: 'records_opt_big_even',
  small_odd: 'records_opt_small_odd',
  small_even: 'records_opt_small_even',
  extreme_big: 'records_opt_extreme_big',
  extreme_small: 'records_opt_extreme_small',
  dragon: 'records_opt_dragon',
  tiger: 'records_opt_tiger',
  tie: 'records_opt_tie',
  red: 'records_opt_red',
  green: 'records_opt_green',
  violet: 'records_opt_violet',
};

/** `k3` -> "K3 dice", `rgb1` -> "Colour game · 1 min", `canada` or `canada_vip` -> "Canada 28 (· VIP room)". */
export function roomName(room: string, t: Translate, lang: LangCode): string {
  if (GAME_KEYS[room] !== undefined) return t(GAME_KEYS[room]);
  const rgb = /^rgb(\d+)$/.exec(room);
  if (rgb !== null) return t('records_room_rgb', { n: Number(rgb[1]) });
  const yn28 = /^(canada|china|usa)(?:_(\w+))?$/.exec(room);
  if (yn28 === null) return room;
  let region = REGION_ISO[yn28[1] ?? ''] ?? room;
  try {
    region = new Intl.DisplayNames([languageOf(lang).tag], { type: 'region' }).of(region) ?? region;
  } catch {
    // Without Intl.DisplayNames the ISO code stands in.
  }
  const tier = yn28[2] === undefined ? undefined : TIER_KEYS[yn28[2]];
  return tier === undefined ? `${region} 28` : `${region} 28 · ${t(tier)}`;
}

/** `big` -> "Big", `p3_odd` -> "Position 3 · Odd", `sum_big` (PK10) -> "Top-two sum · Big",
 * `b2_small` -> "Ball 2 · Small", `total_even` -> "Total sum · Even"; unknown codes as they are. */
export function runOptionName(game: string, option: string, t: Translate): string {
  const side = (code: string | undefined) => (code === undefined || SIDES[code] === undefined ? null : t(SIDES[code]));
  const whole = side(option);
  if (whole !== null) return whole;
  const match = /^(?:p(\d+)|b(\d)|(sum)|(total))_([a-z_]+)$/.exec(option);
  const word = side(match?.[5]);
  if (match === null || word === null) return option;
  const [, position, ball, sum, total] = match;
  if (position !== undefined) return `${t('records_opt_position', { k: Number(position) })} · ${word}`;
  if (ball !== undefined) return `${t('records_opt_ball', { k: Number(ball) })} · ${word}`;
  // Only PK10 has options on a sum (that of the champion and the runner-up).
  if (sum !== undefined) return game === 'pk10' ? `${t('records_opt_top_two')} · ${word}` : option;
  return total === undefined ? option : `${t('records_opt_total')} · ${word}`;
}
