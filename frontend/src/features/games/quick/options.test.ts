import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '@/features/games/quick/games';
import { groupOptions, optionLabel, parseOption, winsWhen } from '@/features/games/quick/options';
import { ALL_CODES, optionOf } from '@/features/games/quick/test-fixtures';
import { say } from '@/features/games/parts/text';
import { activateLanguage, t } from '@/i18n/i18n';

beforeAll(async () => {
  await activateLanguage('en');
});

describe('option codes', () => {
  it('fixture lists as many codes per game as the server offers (src/games/options.rs)', () => {
    expect(GAMES.map((game) => ALL_CODES[game].length)).toEqual([105, 171, 92, 15]);
  });

  it.each(GAMES)(
    '%s: every code of the odds list is understood and sits in exactly one group',
    (game) => {
      const codes = ALL_CODES[game];
      for (const code of codes) expect(parseOption(game, code), code).not.toBeNull();
      const groups = groupOptions(
        game,
        codes.map((code) => optionOf(code)),
      );
      const placed = groups.flatMap((group) => group.items.map((item) => item.code));
      expect([...placed].sort()).toEqual([...codes].sort());
      expect(new Set(placed).size).toBe(codes.length);
      expect(groups.some((group) => group.id === 'other')).toBe(false);
      // Every label and rule is a real translation, not a missing key or the bare code.
      for (const item of groups.flatMap((group) => group.items)) {
        const label = say(item.label, t);
        expect(label).not.toMatch(/^cc_/);
        expect(say(winsWhen(game, item.parsed), t)).not.toMatch(/^cc_|^$/);
      }
    },
  );

  it('groups K3 in the order of GAMES.md and keeps the server order inside a group', () => {
    const groups = groupOptions(
      'k3',
      ALL_CODES.k3.map((code) => optionOf(code)),
    );
    expect(groups.map((group) => group.id)).toEqual([
      'sum',
      'sides',
      'triples',
      'pairs',
      'pair_single',
      'three_diff',
      'two_diff',
      'straight',
      'die',
    ]);
    expect(groups[0]!.items.map((item) => item.code).slice(0, 3)).toEqual([
      'sum_3',
      'sum_4',
      'sum_5',
    ]);
    expect(groups.find((group) => group.id === 'triples')!.items.map((item) => item.code)).toEqual([
      'triple_any',
      'triple_1',
      'triple_2',
      'triple_3',
      'triple_4',
      'triple_5',
      'triple_6',
    ]);
    expect(groups.find((group) => group.id === 'three_diff')!.items).toHaveLength(20);
  });

  it('groups PK10 per place (cars, sides, dragon/tiger up to 5) and the champion + runner-up sum', () => {
    const groups = groupOptions(
      'pk10',
      ALL_CODES.pk10.map((code) => optionOf(code)),
    );
    expect(groups.map((group) => group.id)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `place_${index + 1}`),
      'sum',
    ]);
    expect(groups[0]!.items).toHaveLength(16);
    expect(groups[9]!.items).toHaveLength(14);
    expect(groups[10]!.items).toHaveLength(21);
    expect(say(groups[2]!.title, t)).toBe('Place 3');
  });

  it('groups SSC per ball, total, dragon/tiger/tie and the three patterns windows', () => {
    const groups = groupOptions(
      'ssc',
      ALL_CODES.ssc.map((code) => optionOf(code)),
    );
    expect(groups.map((group) => group.id)).toEqual([
      'ball_1',
      'ball_2',
      'ball_3',
      'ball_4',
      'ball_5',
      'total',
      'versus',
      'front',
      'middle',
      'back',
    ]);
    expect(say(groups[8]!.title, t)).toBe('Middle three (balls 2–4)');
  });

  it('puts an unknown code in "more options", labelled with the code itself', () => {
    const groups = groupOptions('rgb', [optionOf('red'), optionOf('rainbow')]);
    expect(groups.map((group) => group.id)).toEqual(['colours', 'other']);
    expect(say(groups[1]!.items[0]!.label, t)).toBe('rainbow');
    expect(say(optionLabel('k3', 'sum_2'), t)).toBe('sum_2');
  });

  it('refuses the spellings the server refuses', () => {
    const refused: [Parameters<typeof parseOption>[0], string][] = [
      ['k3', 'sum_2'],
      ['k3', 'sum_03'],
      ['k3', 'BIG'],
      ['k3', 'pair_1_single_1'],
      ['k3', 'three_diff_321'],
      ['k3', 'two_diff_11'],
      ['pk10', 'p6_dragon'],
      ['pk10', 'p11_big'],
      ['pk10', 'p1_car_0'],
      ['pk10', 'sum_20'],
      ['ssc', 'b6_1'],
      ['ssc', 'b1_10'],
      ['ssc', 'front_halfstraight'],
      ['rgb', 'num_10'],
      ['rgb', 'odd'],
    ];
    for (const [game, code] of refused)
      expect(parseOption(game, code), `${game} ${code}`).toBeNull();
  });

  it('reads labels and winning conditions in the player language', () => {
    const text = (game: Parameters<typeof optionLabel>[0], code: string) =>
      say(optionLabel(game, code), t);
    expect(text('k3', 'pair_2_single_5')).toBe('Pair 2 + single 5');
    expect(text('k3', 'three_diff_135')).toBe('Three different 1-3-5');
    expect(text('pk10', 'p3_car_7')).toBe('Place 3: car 7');
    expect(text('pk10', 'p2_tiger')).toBe('Place 2: Tiger');
    expect(text('pk10', 'sum_odd')).toBe('Sum: Odd');
    expect(text('ssc', 'b4_9')).toBe('Ball 4: 9');
    expect(text('ssc', 'back_half_straight')).toBe('Back three: Half straight');
    expect(text('rgb', 'num_0')).toBe('Number 0');
    const wins = (game: Parameters<typeof optionLabel>[0], code: string, rules = {}) =>
      say(winsWhen(game, parseOption(game, code), rules), t);
    expect(wins('k3', 'big')).toBe('The sum is 11 to 18');
    expect(wins('pk10', 'sum_big')).toBe('The sum is 12 to 19');
    expect(wins('ssc', 'total_small')).toBe('The sum is 0 to 22');
    expect(wins('pk10', 'p4_dragon')).toBe(
      'The car in place 4 has a higher number than the car in place 7',
    );
    expect(wins('rgb', 'green', { green_on_five: '1.6' })).toBe(
      'The number is 1, 3, 7 or 9; 5 pays 1.6',
    );
    expect(wins('rgb', 'small')).toBe('The number is 0 to 4');
  });
});
