// The four scheduled games of pages/cc (GAMES.md): which rooms each has, where its pages live,
// and how a draw's `values` ({"game":"k3","result":[3,1,6]}) read.
import type { Text } from '@/features/games/parts/text';
import type { MessageKey } from '@/i18n/i18n';
import { optionWordKey } from '@/features/games/parts/game-labels';
import { ROUTES } from '@/lib/routes';

export type Game = 'k3' | 'pk10' | 'ssc' | 'rgb';
export type PageKind = 'index' | 'order' | 'open';

export const GAMES: readonly Game[] = ['k3', 'pk10', 'ssc', 'rgb'];

type GameInfo = {
  name: MessageKey;
  /** Room codes (API `room`); the first is the default. */
  rooms: readonly string[];
  pages: Record<PageKind, string>;
  /** How many values a draw has and their range. */
  draw: { count: number; min: number; max: number };
};

export const GAME_INFO: Record<Game, GameInfo> = {
  k3: {
    name: 'cc_game_k3',
    rooms: ['k3'],
    pages: { index: ROUTES.ccK3, order: ROUTES.ccK3Order, open: ROUTES.ccK3Open },
    draw: { count: 3, min: 1, max: 6 },
  },
  pk10: {
    name: 'cc_game_pk10',
    rooms: ['pk10'],
    pages: { index: ROUTES.ccPk, order: ROUTES.ccPkOrder, open: ROUTES.ccPkOpen },
    draw: { count: 10, min: 1, max: 10 },
  },
  ssc: {
    name: 'cc_game_ssc',
    rooms: ['ssc'],
    pages: { index: ROUTES.ccSsc, order: ROUTES.ccSscOrder, open: ROUTES.ccSscOpen },
    draw: { count: 5, min: 0, max: 9 },
  },
  rgb: {
    name: 'cc_game_rgb',
    rooms: ['rgb1', 'rgb3', 'rgb5'],
    pages: { index: ROUTES.ccRgb, order: ROUTES.ccRgbOrder, open: ROUTES.ccRgbOpen },
    draw: { count: 1, min: 0, max: 9 },
  },
};

/** Period length in minutes of an RGB room ("rgb3" -> 3). */
export const rgbMinutes = (room: string): number => Number(room.slice(3));

/** The game and page kind of a pages/cc path ("/pages/cc/pk/open" -> pk10, open). */
export function locate(pathname: string): { game: Game; page: PageKind } | null {
  for (const game of GAMES) {
    for (const [page, path] of Object.entries(GAME_INFO[game].pages)) {
      if (pathname === path || pathname === `${path}/`) return { game, page: page as PageKind };
    }
  }
  return null;
}

/** The room the page shows: `?room=` when it is one of the game's rooms, else the first. */
export function roomFrom(game: Game, search: URLSearchParams): string {
  const rooms = GAME_INFO[game].rooms;
  const asked = search.get('room');
  return asked !== null && rooms.includes(asked) ? asked : (rooms[0] ?? game);
}

/** A page of the game for `room`, keeping RGB's room in the query. */
export function pageUrl(game: Game, page: PageKind, room: string): string {
  const path = GAME_INFO[game].pages[page];
  return GAME_INFO[game].rooms.length > 1 ? `${path}?room=${room}` : path;
}

/** The drawn values of a draw of `game`, or null when `values` is not one. */
export function drawValues(game: Game, values: unknown): number[] | null {
  if (typeof values !== 'object' || values === null) return null;
  const { game: drawnGame, result } = values as { game?: unknown; result?: unknown };
  if (drawnGame !== undefined && drawnGame !== game) return null;
  const list: unknown[] | null =
    typeof result === 'number' ? [result] : Array.isArray(result) ? result : null;
  const { count, min, max } = GAME_INFO[game].draw;
  if (list === null || list.length !== count) return null;
  const numbers = list.filter(
    (value): value is number =>
      Number.isInteger(value) && (value as number) >= min && (value as number) <= max,
  );
  return numbers.length === count ? numbers : null;
}

export type Colour = 'red' | 'green' | 'violet';

/** RGB colours of a number: 0 red+violet, 5 green+violet, 1 3 7 9 green, 2 4 6 8 red. */
export function coloursOf(number: number): Colour[] {
  if (number === 0) return ['red', 'violet'];
  if (number === 5) return ['green', 'violet'];
  return number % 2 === 1 ? ['green'] : ['red'];
}

/** Facts of a result shown beside it: K3 and PK10 (cars 1 + 2) sums, SSC's total and dragon/tiger, RGB's size and colours. */
export function drawFacts(game: Game, values: readonly number[]): Text[] {
  const side = (big: boolean): Text => ({ key: big ? 'cc_opt_big' : 'cc_opt_small' });
  const parity = (n: number): Text => ({ key: optionWordKey(n % 2 === 1 ? 'odd' : 'even') });
  if (game === 'rgb') {
    const n = values[0] ?? 0;
    return [side(n >= 5), ...coloursOf(n).map((colour): Text => ({ key: COLOUR_KEYS[colour] }))];
  }
  const sumOf = (list: readonly number[]) => list.reduce((sum, n) => sum + n, 0);
  if (game === 'k3') {
    const sum = sumOf(values);
    return [{ key: 'cc_opt_sum', params: { n: sum } }, side(sum >= 11), parity(sum)];
  }
  if (game === 'pk10') {
    const sum = sumOf(values.slice(0, 2));
    const sumText: Text = { key: 'cc_opt_sum', params: { n: sum } };
    // 11 is neither big nor small (and refunds odd/even by default).
    return sum === 11 ? [sumText] : [sumText, side(sum >= 12), parity(sum)];
  }
  const total = sumOf(values);
  const [first = 0, last = 0] = [values[0], values[4]];
  const versus: MessageKey =
    first > last ? 'cc_opt_dragon' : first < last ? 'cc_opt_tiger' : 'cc_opt_tie';
  return [
    { key: 'cc_opt_sum', params: { n: total } },
    side(total >= 23),
    parity(total),
    { key: versus },
  ];
}

const COLOUR_KEYS: Record<Colour, MessageKey> = {
  red: optionWordKey('red'),
  green: optionWordKey('green'),
  violet: 'cc_opt_violet',
};
