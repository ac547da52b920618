// Option codes of the four games (GAMES.md "Codes"): what a code means, its label, the board
// group it sits in and what makes it win. Parsing accepts exactly the codes the server offers
// (same ranges, no other spelling); an unknown code still gets a place on the board (group
// "other") and shows as the code itself, so no option the server lists is ever hidden.
import type { OddsOption } from '@/features/games/api/odds';
import type { Colour, Game } from '@/features/games/quick/games';
import { raw, type Text } from '@/features/games/parts/text';
import type { MessageKey } from '@/i18n/i18n';
import { optionWordKey } from '@/features/games/parts/game-labels';

type Side = 'big' | 'small' | 'odd' | 'even';
type Versus = 'dragon' | 'tiger' | 'tie';
type Window = 'front' | 'middle' | 'back';
type Shape = 'leopard' | 'straight' | 'pair' | 'half_straight' | 'mixed';

export type Parsed =
  | { kind: 'side'; side: Side }
  | { kind: 'sum'; n: number }
  | { kind: 'sum_side'; side: Side }
  | { kind: 'triple_any' }
  | { kind: 'triple'; n: number }
  | { kind: 'pair'; n: number }
  | { kind: 'pair_single'; p: number; q: number }
  | { kind: 'three_diff'; dice: readonly number[] }
  | { kind: 'two_diff'; dice: readonly number[] }
  | { kind: 'straight' }
  | { kind: 'die'; n: number }
  | { kind: 'car'; k: number; n: number }
  | { kind: 'place_side'; k: number; side: Side | 'dragon' | 'tiger' }
  | { kind: 'digit'; k: number; n: number }
  | { kind: 'ball_side'; k: number; side: Side }
  | { kind: 'total_side'; side: Side }
  | { kind: 'versus'; side: Versus }
  | { kind: 'shape'; window: Window; shape: Shape }
  | { kind: 'colour'; colour: Colour }
  | { kind: 'number'; n: number };

const SIDES = /^(big|small|odd|even)$/;

/** A canonical decimal ("7", not "07") in min..max, else null. */
function int(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^(0|[1-9]\d*)$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** Digits of a K3 set ("123"), each a face, strictly ascending; else null. */
function faces(text: string | undefined, count: number): number[] | null {
  if (text === undefined || text.length !== count) return null;
  const list = [...text].map((digit) => int(digit, 1, 6));
  if (list.some((face) => face === null)) return null;
  const values = list as number[];
  return values.every((face, index) => index === 0 || face > values[index - 1]!) ? values : null;
}

function parseK3(code: string): Parsed | null {
  let m: RegExpExecArray | null;
  if ((m = SIDES.exec(code))) return { kind: 'side', side: m[1] as Side };
  if (code === 'triple_any') return { kind: 'triple_any' };
  if (code === 'straight') return { kind: 'straight' };
  if ((m = /^sum_(\d+)$/.exec(code))) {
    const n = int(m[1], 3, 18);
    return n === null ? null : { kind: 'sum', n };
  }
  if ((m = /^(triple|pair|die)_(\d+)$/.exec(code))) {
    const n = int(m[2], 1, 6);
    return n === null ? null : { kind: m[1] as 'triple' | 'pair' | 'die', n };
  }
  if ((m = /^pair_(\d)_single_(\d)$/.exec(code))) {
    const [p, q] = [int(m[1], 1, 6), int(m[2], 1, 6)];
    return p === null || q === null || p === q ? null : { kind: 'pair_single', p, q };
  }
  if ((m = /^three_diff_(\d+)$/.exec(code))) {
    const dice = faces(m[1], 3);
    return dice === null ? null : { kind: 'three_diff', dice };
  }
  if ((m = /^two_diff_(\d+)$/.exec(code))) {
    const dice = faces(m[1], 2);
    return dice === null ? null : { kind: 'two_diff', dice };
  }
  return null;
}

function parsePk10(code: string): Parsed | null {
  let m: RegExpExecArray | null;
  if ((m = /^p(\d+)_car_(\d+)$/.exec(code))) {
    const [k, n] = [int(m[1], 1, 10), int(m[2], 1, 10)];
    return k === null || n === null ? null : { kind: 'car', k, n };
  }
  if ((m = /^p(\d+)_(big|small|odd|even)$/.exec(code))) {
    const k = int(m[1], 1, 10);
    return k === null ? null : { kind: 'place_side', k, side: m[2] as Side };
  }
  if ((m = /^p(\d+)_(dragon|tiger)$/.exec(code))) {
    const k = int(m[1], 1, 5);
    return k === null ? null : { kind: 'place_side', k, side: m[2] as 'dragon' | 'tiger' };
  }
  if ((m = /^sum_(big|small|odd|even)$/.exec(code)))
    return { kind: 'sum_side', side: m[1] as Side };
  if ((m = /^sum_(\d+)$/.exec(code))) {
    const n = int(m[1], 3, 19);
    return n === null ? null : { kind: 'sum', n };
  }
  return null;
}

function parseSsc(code: string): Parsed | null {
  let m: RegExpExecArray | null;
  if ((m = /^b(\d+)_(\d+)$/.exec(code))) {
    const [k, n] = [int(m[1], 1, 5), int(m[2], 0, 9)];
    return k === null || n === null ? null : { kind: 'digit', k, n };
  }
  if ((m = /^b(\d+)_(big|small|odd|even)$/.exec(code))) {
    const k = int(m[1], 1, 5);
    return k === null ? null : { kind: 'ball_side', k, side: m[2] as Side };
  }
  if ((m = /^total_(big|small|odd|even)$/.exec(code)))
    return { kind: 'total_side', side: m[1] as Side };
  if ((m = /^(dragon|tiger|tie)$/.exec(code))) return { kind: 'versus', side: m[1] as Versus };
  if ((m = /^(front|middle|back)_(leopard|straight|pair|half_straight|mixed)$/.exec(code))) {
    return { kind: 'shape', window: m[1] as Window, shape: m[2] as Shape };
  }
  return null;
}

function parseRgb(code: string): Parsed | null {
  let m: RegExpExecArray | null;
  if ((m = /^(red|green|violet)$/.exec(code))) return { kind: 'colour', colour: m[1] as Colour };
  if ((m = /^(big|small)$/.exec(code))) return { kind: 'side', side: m[1] as Side };
  if ((m = /^num_(\d+)$/.exec(code))) {
    const n = int(m[1], 0, 9);
    return n === null ? null : { kind: 'number', n };
  }
  return null;
}

const PARSERS: Record<Game, (code: string) => Parsed | null> = {
  k3: parseK3,
  pk10: parsePk10,
  ssc: parseSsc,
  rgb: parseRgb,
};

/** What `code` means in `game`, or null for a code this app does not know. */
export const parseOption = (game: Game, code: string): Parsed | null => PARSERS[game](code);

// Words that read the same here and in the bet records (every language) take games/parts/game-labels'
// keys; the others keep the board's own wording ("Dragon" under a titled group, not "Dragon (higher)").
const SIDE_KEY: Record<Side | Versus, MessageKey> = {
  big: 'cc_opt_big',
  small: 'cc_opt_small',
  odd: optionWordKey('odd'),
  even: optionWordKey('even'),
  dragon: 'cc_opt_dragon',
  tiger: 'cc_opt_tiger',
  tie: 'cc_opt_tie',
};
const WINDOW_KEY: Record<Window, MessageKey> = {
  front: 'cc_opt_front',
  middle: 'cc_opt_middle',
  back: 'cc_opt_back',
};
const SHAPE_KEY: Record<Shape, MessageKey> = {
  leopard: 'cc_opt_leopard',
  straight: 'cc_opt_straight',
  pair: optionWordKey('pair'),
  half_straight: 'cc_opt_half_straight',
  mixed: 'cc_opt_mixed',
};
const WINDOW_SHAPE_KEY: Record<Window, MessageKey> = {
  front: 'cc_opt_front_shape',
  middle: 'cc_opt_middle_shape',
  back: 'cc_opt_back_shape',
};
const COLOUR_KEY: Record<Colour, MessageKey> = {
  red: optionWordKey('red'),
  green: optionWordKey('green'),
  violet: 'cc_opt_violet',
};
/** Balls of each SSC window. */
export const WINDOW_BALLS: Record<Window, readonly [number, number]> = {
  front: [1, 3],
  middle: [2, 4],
  back: [3, 5],
};

const key = (name: MessageKey, params?: Record<string, string | number | Text>): Text =>
  params === undefined ? { key: name } : { key: name, params };
const dots = (values: readonly number[]): string => values.join('·');

/** The full label of an option (slip, bet records, rules). */
export function labelOf(parsed: Parsed): Text {
  switch (parsed.kind) {
    case 'side':
      return key(SIDE_KEY[parsed.side]);
    case 'sum':
      return key('cc_opt_sum', { n: parsed.n });
    case 'sum_side':
      return key('cc_opt_sum_side', { side: key(SIDE_KEY[parsed.side]) });
    case 'triple_any':
      return key('cc_opt_triple_any');
    case 'triple':
      return key('cc_opt_triple', { n: parsed.n });
    case 'pair':
      return key('cc_opt_pair', { n: parsed.n });
    case 'pair_single':
      return key('cc_opt_pair_single', { p: parsed.p, q: parsed.q });
    case 'three_diff':
      return key('cc_opt_three_diff', { dice: parsed.dice.join('-') });
    case 'two_diff':
      return key('cc_opt_two_diff', { dice: parsed.dice.join('-') });
    case 'straight':
      return key('cc_opt_straight');
    case 'die':
      return key('cc_opt_die', { n: parsed.n });
    case 'car':
      return key('cc_opt_car', { k: parsed.k, n: parsed.n });
    case 'place_side':
      return key('cc_opt_place_side', { k: parsed.k, side: key(SIDE_KEY[parsed.side]) });
    case 'digit':
      return key('cc_opt_ball_digit', { k: parsed.k, n: parsed.n });
    case 'ball_side':
      return key('cc_opt_ball_side', { k: parsed.k, side: key(SIDE_KEY[parsed.side]) });
    case 'total_side':
      return key('cc_opt_total_side', { side: key(SIDE_KEY[parsed.side]) });
    case 'versus':
      return key(SIDE_KEY[parsed.side]);
    case 'shape':
      return key(WINDOW_SHAPE_KEY[parsed.window], { shape: key(SHAPE_KEY[parsed.shape]) });
    case 'colour':
      return key(COLOUR_KEY[parsed.colour]);
    case 'number':
      return key('cc_opt_number', { n: parsed.n });
  }
}

/** The label of `code` in `game`: translated when known, else the code itself. */
export function optionLabel(game: Game, code: string): Text {
  const parsed = parseOption(game, code);
  return parsed === null ? raw(code) : labelOf(parsed);
}

/** The short label on a board button (the group title says the rest). */
export function shortLabelOf(parsed: Parsed): Text {
  switch (parsed.kind) {
    case 'side':
    case 'sum_side':
    case 'ball_side':
    case 'total_side':
    case 'place_side':
    case 'versus':
      return key(SIDE_KEY[parsed.side]);
    case 'sum':
    case 'die':
    case 'car':
    case 'digit':
    case 'number':
      return raw(parsed.n);
    case 'triple':
      return raw(dots([parsed.n, parsed.n, parsed.n]));
    case 'pair':
      return raw(dots([parsed.n, parsed.n]));
    case 'pair_single':
      return raw(dots([parsed.p, parsed.p, parsed.q]));
    case 'three_diff':
    case 'two_diff':
      return raw(dots(parsed.dice));
    case 'shape':
      return key(SHAPE_KEY[parsed.shape]);
    case 'colour':
      return key(COLOUR_KEY[parsed.colour]);
    case 'triple_any':
    case 'straight':
      return labelOf(parsed);
  }
}

type GroupPlace = { id: string; title: Text; rank: number; columns: number };

const K3_GROUPS: Record<string, { title: MessageKey; columns: number }> = {
  sum: { title: 'cc_group_sum', columns: 4 },
  sides: { title: 'cc_group_sides', columns: 4 },
  triples: { title: 'cc_group_triples', columns: 4 },
  pairs: { title: 'cc_group_pairs', columns: 3 },
  pair_single: { title: 'cc_group_pair_single', columns: 5 },
  three_diff: { title: 'cc_group_three_diff', columns: 4 },
  two_diff: { title: 'cc_group_two_diff', columns: 5 },
  straight: { title: 'cc_group_straight', columns: 2 },
  die: { title: 'cc_group_die', columns: 6 },
};

function k3Group(parsed: Parsed): string {
  switch (parsed.kind) {
    case 'triple_any':
    case 'triple':
      return 'triples';
    case 'side':
      return 'sides';
    case 'pair':
      return 'pairs';
    default:
      // sum, pair_single, three_diff, two_diff, straight, die: one group each
      return parsed.kind;
  }
}

/** The board group of an option; groups are ranked in GAMES.md's order. */
export function groupOf(game: Game, parsed: Parsed | null): GroupPlace {
  const other: GroupPlace = { id: 'other', title: key('cc_group_other'), rank: 1000, columns: 2 };
  if (parsed === null) return other;
  if (game === 'k3') {
    const id = k3Group(parsed);
    const info = K3_GROUPS[id];
    if (info === undefined) return other;
    return {
      id,
      title: key(info.title),
      rank: Object.keys(K3_GROUPS).indexOf(id),
      columns: info.columns,
    };
  }
  if (game === 'pk10') {
    if (parsed.kind === 'car' || parsed.kind === 'place_side') {
      return {
        id: `place_${parsed.k}`,
        title: key('cc_opt_place', { k: parsed.k }),
        rank: parsed.k,
        columns: 5,
      };
    }
    return { id: 'sum', title: key('cc_group_pk10_sum'), rank: 20, columns: 5 };
  }
  if (game === 'ssc') {
    if (parsed.kind === 'digit' || parsed.kind === 'ball_side') {
      return {
        id: `ball_${parsed.k}`,
        title: key('cc_opt_ball', { k: parsed.k }),
        rank: parsed.k,
        columns: 5,
      };
    }
    if (parsed.kind === 'total_side')
      return { id: 'total', title: key('cc_group_total'), rank: 10, columns: 4 };
    if (parsed.kind === 'versus')
      return { id: 'versus', title: key('cc_group_versus'), rank: 11, columns: 3 };
    if (parsed.kind === 'shape') {
      const [from, to] = WINDOW_BALLS[parsed.window];
      const rank = 12 + Object.keys(WINDOW_BALLS).indexOf(parsed.window);
      return {
        id: parsed.window,
        title: key('cc_group_window', { window: key(WINDOW_KEY[parsed.window]), from, to }),
        rank,
        columns: 5,
      };
    }
    return other;
  }
  if (parsed.kind === 'colour')
    return { id: 'colours', title: key('cc_group_colours'), rank: 0, columns: 3 };
  if (parsed.kind === 'number')
    return { id: 'numbers', title: key('cc_group_numbers'), rank: 1, columns: 5 };
  return { id: 'sides', title: key('cc_group_big_small'), rank: 2, columns: 2 };
}

export type BoardItem = {
  code: string;
  parsed: Parsed | null;
  short: Text;
  label: Text;
  option: OddsOption;
};
export type BoardGroup = { id: string; title: Text; columns: number; items: BoardItem[] };

/** The odds list as board groups: every option exactly once, in the server's order within a group. */
export function groupOptions(game: Game, options: readonly OddsOption[]): BoardGroup[] {
  const groups = new Map<string, BoardGroup & { rank: number }>();
  for (const option of options) {
    const parsed = parseOption(game, option.option);
    const place = groupOf(game, parsed);
    let group = groups.get(place.id);
    if (group === undefined) {
      group = {
        id: place.id,
        title: place.title,
        columns: place.columns,
        rank: place.rank,
        items: [],
      };
      groups.set(place.id, group);
    }
    group.items.push({
      code: option.option,
      parsed,
      short: parsed === null ? raw(option.option) : shortLabelOf(parsed),
      label: parsed === null ? raw(option.option) : labelOf(parsed),
      option,
    });
  }
  return [...groups.values()]
    .sort((a, b) => a.rank - b.rank)
    .map(({ rank: _rank, ...group }) => group);
}

/** A room's extra rules as the odds endpoint sends them (`rules`); absent fields take defaults. */
export type RoomRules = {
  triples_lose_big_small?: boolean;
  sum_eleven_refunds?: boolean;
  red_on_zero?: string;
  green_on_five?: string;
};

const range = (
  name: MessageKey,
  from: number,
  to: number,
  extra: Record<string, number> = {},
): Text => key(name, { ...extra, from, to });

/** When a bet on the option wins (one sentence; the rules section adds room-wide notes). */
export function winsWhen(game: Game, parsed: Parsed | null, rules: RoomRules = {}): Text {
  if (parsed === null) return raw('');
  switch (parsed.kind) {
    case 'side':
      if (game === 'rgb')
        return parsed.side === 'big'
          ? range('cc_win_number_range', 5, 9)
          : range('cc_win_number_range', 0, 4);
      return sumSide(parsed.side, game === 'k3' ? [11, 18, 3, 10] : [12, 19, 3, 10]);
    case 'sum_side':
      return sumSide(parsed.side, [12, 19, 3, 10]);
    case 'total_side':
      return sumSide(parsed.side, [23, 45, 0, 22]);
    case 'sum':
      return key(game === 'k3' ? 'cc_win_k3_sum' : 'cc_win_pk10_sum', { n: parsed.n });
    case 'triple_any':
      return key('cc_win_k3_triple_any');
    case 'triple':
      return key('cc_win_k3_triple', { n: parsed.n });
    case 'pair':
      return key('cc_win_k3_pair', { n: parsed.n });
    case 'pair_single':
      return key('cc_win_k3_pair_single', { p: parsed.p, q: parsed.q });
    case 'three_diff':
      return key('cc_win_k3_three_diff', { dice: parsed.dice.join('-') });
    case 'two_diff':
      return key('cc_win_k3_two_diff', { a: parsed.dice[0] ?? 0, b: parsed.dice[1] ?? 0 });
    case 'straight':
      return key('cc_win_k3_straight');
    case 'die':
      return key('cc_win_k3_die', { n: parsed.n });
    case 'car':
      return key('cc_win_pk10_car', { k: parsed.k, n: parsed.n });
    case 'place_side':
      return placeSide(parsed.k, parsed.side);
    case 'digit':
      return key('cc_win_ssc_digit', { k: parsed.k, n: parsed.n });
    case 'ball_side':
      if (parsed.side === 'big') return range('cc_win_ssc_range', 5, 9, { k: parsed.k });
      if (parsed.side === 'small') return range('cc_win_ssc_range', 0, 4, { k: parsed.k });
      return key(parsed.side === 'odd' ? 'cc_win_ssc_odd' : 'cc_win_ssc_even', { k: parsed.k });
    case 'versus':
      return key(
        parsed.side === 'dragon'
          ? 'cc_win_ssc_dragon'
          : parsed.side === 'tiger'
            ? 'cc_win_ssc_tiger'
            : 'cc_win_ssc_tie',
      );
    case 'shape':
      return key(SHAPE_WIN[parsed.shape]);
    case 'colour':
      if (parsed.colour === 'red')
        return key('cc_win_rgb_red', { odds: rules.red_on_zero ?? '1.5' });
      if (parsed.colour === 'green')
        return key('cc_win_rgb_green', { odds: rules.green_on_five ?? '1.5' });
      return key('cc_win_rgb_violet');
    case 'number':
      return key('cc_win_rgb_number', { n: parsed.n });
  }
}

const SHAPE_WIN: Record<Shape, MessageKey> = {
  leopard: 'cc_win_ssc_leopard',
  straight: 'cc_win_ssc_straight',
  pair: 'cc_win_ssc_pair',
  half_straight: 'cc_win_ssc_half',
  mixed: 'cc_win_ssc_mixed',
};

function sumSide(side: Side, [bigFrom, bigTo, smallFrom, smallTo]: readonly number[]): Text {
  if (side === 'big') return range('cc_win_sum_range', bigFrom ?? 0, bigTo ?? 0);
  if (side === 'small') return range('cc_win_sum_range', smallFrom ?? 0, smallTo ?? 0);
  return key(side === 'odd' ? 'cc_win_sum_odd' : 'cc_win_sum_even');
}

function placeSide(k: number, side: Side | 'dragon' | 'tiger'): Text {
  if (side === 'big') return range('cc_win_pk10_range', 6, 10, { k });
  if (side === 'small') return range('cc_win_pk10_range', 1, 5, { k });
  if (side === 'odd' || side === 'even')
    return key(side === 'odd' ? 'cc_win_pk10_odd' : 'cc_win_pk10_even', { k });
  return key(side === 'dragon' ? 'cc_win_pk10_dragon' : 'cc_win_pk10_tiger', { k, m: 11 - k });
}
