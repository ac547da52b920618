// The rules page's words: a group's title from its kind and position, and where a room's draws
// are verified. Option names are the games' shared labels (games/parts/game-labels).
import type { RulesGroup } from '@/features/games/rules/api/room-rules';
import { optionLabel, optionWordKey, type OptionWord } from '@/features/games/parts/game-labels';
import type { MessageKey, Translate } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

/** Kinds of many options, named by a word of their own. */
const KIND_KEYS: Record<string, MessageKey> = {
  sum: 'rules_kind_sum',
  triple: 'rules_kind_triple',
  pair: 'rules_kind_pair',
  pair_single: 'rules_kind_pair_single',
  three_different: 'rules_kind_three_different',
  two_different: 'rules_kind_two_different',
  die: 'rules_kind_die',
  number: 'rules_kind_number',
  car: 'rules_kind_car',
  digit: 'rules_kind_digit',
  shape: 'rules_kind_shape',
};

const WINDOW_KEYS: readonly MessageKey[] = [
  'games_opt_front',
  'games_opt_middle',
  'games_opt_back',
];

/** What a group is about in its game: a PK10 position, an SSC ball, total or window. */
function scopeOf(game: string, group: RulesGroup, t: Translate): string | null {
  const k = group.position;
  if (game === 'pk10' && k !== null) return t('games_opt_position', { k });
  if (game === 'pk10' && group.kind.startsWith('sum')) return t('games_opt_top_two');
  if (game === 'ssc' && group.kind === 'shape' && k !== null)
    return t(WINDOW_KEYS[k - 1] ?? 'games_opt_front');
  if (game === 'ssc' && k !== null) return t('games_opt_ball', { k });
  if (game === 'ssc' && group.kind.startsWith('total')) return t('games_opt_total');
  return null;
}

/** The word an option code ends in once its scope is taken off (`p3_big` -> `big`). */
function wordOf(code: string): OptionWord | null {
  const word = code.replace(/^(p\d+_|b\d_|total_|sum_|front_|middle_|back_)/, '');
  return Object.hasOwn(WORD_CHECK, word) ? (word as OptionWord) : null;
}

/** The one-word options (GAMES.md's codes), to tell a word from a number. */
const WORD_CHECK: Record<string, true> = Object.fromEntries(
  [
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
    'half_straight',
    'mixed',
    'dragon',
    'tiger',
    'tie',
    'red',
    'green',
    'violet',
    'triple_any',
  ].map((word) => [word, true]),
);

/** "Position 3 · Big / Small", "Ball 2 · Digit", "Sum", "Red / Green / Violet". */
export function groupTitle(game: string, group: RulesGroup, t: Translate): string {
  const scope = scopeOf(game, group, t);
  // PK10's sums 3..19: the scope ("Top-two sum") is the name.
  if (scope !== null && group.kind === 'sum') return scope;
  const kindKey = KIND_KEYS[group.kind];
  const words = group.options.map((line) => wordOf(line.option));
  const name =
    kindKey !== undefined && (group.options.length > 4 || words.some((word) => word === null))
      ? t(kindKey)
      : group.options
          .map((line, index) => {
            const word = words[index];
            return word === null || word === undefined
              ? optionLabel(game, line.option, t)
              : t(optionWordKey(word, game));
          })
          .join(' / ');
  return scope === null ? name : `${scope} · ${name}`;
}

/** The results page of each quick game, where every draw is checked in the browser. */
const RESULTS: Record<string, string> = {
  k3: ROUTES.ccK3Open,
  pk10: ROUTES.ccPkOpen,
  ssc: ROUTES.ccSscOpen,
  rgb: ROUTES.ccRgbOpen,
};

/** Where the room's past draws are listed with their seeds and checked in the browser (yn28:
 * the trend page's history). RGB's results page takes its room. */
export function verifyUrl(room: string, game: string): string {
  const results = RESULTS[game];
  if (results === undefined) return ROUTES.trend;
  return game === 'rgb' ? `${results}?room=${room}` : results;
}
