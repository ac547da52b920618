import { beforeAll, describe, expect, it } from 'vitest';
import {
  coloursOf,
  drawFacts,
  drawValues,
  locate,
  pageUrl,
  roomFrom,
} from '@/features/games/quick/games';
import { say } from '@/features/games/parts/text';
import { activateLanguage, t } from '@/i18n/i18n';

beforeAll(async () => {
  await activateLanguage('en');
});

describe('games', () => {
  it('finds the game and page of a spec path and keeps RGB rooms in the query', () => {
    expect(locate('/pages/cc/pk/open')).toEqual({ game: 'pk10', page: 'open' });
    expect(locate('/pages/cc/k3/index')).toEqual({ game: 'k3', page: 'index' });
    expect(locate('/pages/cc/long')).toBeNull();
    expect(roomFrom('rgb', new URLSearchParams('room=rgb3'))).toBe('rgb3');
    expect(roomFrom('rgb', new URLSearchParams('room=k3'))).toBe('rgb1');
    expect(roomFrom('k3', new URLSearchParams('room=rgb3'))).toBe('k3');
    expect(pageUrl('rgb', 'order', 'rgb5')).toBe('/pages/cc/rgb/order?room=rgb5');
    expect(pageUrl('ssc', 'open', 'ssc')).toBe('/pages/cc/ssc/open');
  });

  it("reads a draw's values and refuses what is not one", () => {
    expect(drawValues('k3', { game: 'k3', result: [3, 1, 6] })).toEqual([3, 1, 6]);
    expect(drawValues('rgb', { game: 'rgb', result: 7 })).toEqual([7]);
    expect(
      drawValues('pk10', { game: 'pk10', result: [8, 3, 6, 10, 5, 1, 4, 9, 7, 2] }),
    ).toHaveLength(10);
    expect(drawValues('k3', { game: 'k3', result: [3, 1, 7] })).toBeNull();
    expect(drawValues('ssc', { game: 'ssc', result: [1, 2, 3, 4] })).toBeNull();
    expect(drawValues('ssc', { game: 'k3', result: [1, 2, 3, 4, 5] })).toBeNull();
    expect(drawValues('k3', null)).toBeNull();
  });

  it('colours RGB numbers as GAMES.md says', () => {
    expect(coloursOf(0)).toEqual(['red', 'violet']);
    expect(coloursOf(5)).toEqual(['green', 'violet']);
    expect([1, 3, 7, 9].map(coloursOf)).toEqual([['green'], ['green'], ['green'], ['green']]);
    expect([2, 4, 6, 8].map(coloursOf)).toEqual([['red'], ['red'], ['red'], ['red']]);
  });

  it('states the facts of a result (GAMES.md test vectors)', () => {
    const facts = (game: Parameters<typeof drawFacts>[0], values: number[]) =>
      drawFacts(game, values).map((fact) => say(fact, t));
    expect(facts('k3', [3, 1, 6])).toEqual(['Sum 10', 'Small', 'Even']);
    expect(facts('pk10', [8, 3, 6, 10, 5, 1, 4, 9, 7, 2])).toEqual(['Sum 11']);
    expect(facts('pk10', [9, 3, 6, 10, 5, 1, 4, 8, 7, 2])).toEqual(['Sum 12', 'Big', 'Even']);
    expect(facts('ssc', [6, 7, 5, 0, 8])).toEqual(['Sum 26', 'Big', 'Even', 'Tiger']);
    expect(facts('rgb', [0])).toEqual(['Small', 'Red', 'Violet']);
  });
});
