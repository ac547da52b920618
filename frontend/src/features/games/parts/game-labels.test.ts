// Every option code family of GAMES.md gets a readable name; unknown codes show as they are.
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, t } from '@/i18n/i18n';
import {
  gameLabel,
  optionLabel,
  optionWordKey,
  roomLabel,
} from '@/features/games/parts/game-labels';

beforeAll(async () => {
  await activateLanguage('en');
});

describe('optionLabel', () => {
  it.each([
    ['k3', 'big', 'Big'],
    ['k3', 'sum_10', 'Sum 10'],
    ['k3', 'triple_any', 'Any triple'],
    ['k3', 'triple_6', 'Triple 6'],
    ['k3', 'pair_2', 'Pair of 2'],
    ['k3', 'pair_2_single_5', 'Pair 2 + single 5'],
    ['k3', 'three_diff_136', 'Three different 1, 3, 6'],
    ['k3', 'two_diff_25', 'Two different 2, 5'],
    ['k3', 'straight', 'Straight'],
    ['k3', 'die_4', 'Die 4'],
    ['pk10', 'p1_car_8', 'Position 1 · Car 8'],
    ['pk10', 'p10_odd', 'Position 10 · Odd'],
    ['pk10', 'p3_odd', 'Position 3 · Odd'],
    ['pk10', 'p3_dragon', 'Position 3 · Dragon (higher)'],
    ['pk10', 'p5_tiger', 'Position 5 · Tiger (lower)'],
    ['pk10', 'sum_11', 'Top-two sum · 11'],
    ['pk10', 'sum_big', 'Top-two sum · Big'],
    ['ssc', 'b3_7', 'Ball 3 · 7'],
    ['ssc', 'b5_small', 'Ball 5 · Small'],
    ['ssc', 'b2_small', 'Ball 2 · Small'],
    ['ssc', 'total_even', 'Total sum · Even'],
    ['ssc', 'dragon', 'Dragon (higher)'],
    ['ssc', 'tie', 'Tie'],
    ['ssc', 'front_half_straight', 'Front three · Half straight'],
    ['ssc', 'back_leopard', 'Back three · Leopard (all equal)'],
    ['rgb', 'violet', 'Violet (0 or 5)'],
    ['rgb', 'num_7', 'Number 7'],
    ['yn28', 'small_odd', 'Small odd'],
    ['yn28', 'small_even', 'Small even'],
    ['yn28', 'big', 'Long'],
    ['yn28', 'small', 'Short'],
    ['yn28', 'extreme_big', 'Extreme yang'],
    ['yn28', 'extreme_small', 'Extreme yin'],
    ['yn28', 'sum_27', 'Sum 27'],
  ])('%s %s -> %s', (game, code, label) => {
    expect(optionLabel(game, code, t)).toBe(label);
  });

  it('shows unknown codes as they are instead of guessing', () => {
    for (const code of ['p1_sideways', 'p3_sideways', 'jackpot', 'front_wobbly', 'toString', ''])
      expect(optionLabel('pk10', code, t)).toBe(code);
    // A sum side is the top-two sum of PK10 only.
    expect(optionLabel('k3', 'sum_big', t)).toBe('sum_big');
  });

  it('gives the key of a one-word option to screens that build their own labels', () => {
    expect(t(optionWordKey('odd'))).toBe('Odd');
    expect(t(optionWordKey('green'))).toBe('Green');
    expect(t(optionWordKey('big', 'yn28'))).toBe('Long');
    expect(t(optionWordKey('big', 'k3'))).toBe('Big');
  });

  it("names yn28's long, short and extremes as its players know them in their language", async () => {
    await activateLanguage('vi');
    try {
      expect(
        ['big', 'small', 'extreme_big', 'extreme_small', 'odd'].map((code) =>
          optionLabel('yn28', code, t),
        ),
      ).toEqual(['Long', 'Short', 'Cực dương', 'Cực âm', 'Lẻ']);
      // Other games keep big and small.
      expect(optionLabel('k3', 'big', t)).toBe('Lớn');
    } finally {
      await activateLanguage('en');
    }
  });
});

describe('gameLabel and roomLabel', () => {
  it('names games, an unknown one by its code', () => {
    expect(['k3', 'pk10', 'ssc', 'rgb', 'yn28', 'mars'].map((game) => gameLabel(game, t))).toEqual([
      'K3 dice',
      'PK10 racing',
      'SSC lottery',
      'Colour game',
      'PC28 hall',
      'mars',
    ]);
  });

  it('names rooms, RGB by minutes and yn28 by region and tier', () => {
    expect(roomLabel('k3', t, 'en')).toBe('K3 dice');
    expect(roomLabel('pk10', t, 'en')).toBe('PK10 racing');
    expect(roomLabel('rgb1', t, 'en')).toBe('Colour game · 1 min');
    expect(roomLabel('rgb3', t, 'en')).toBe('Colour game · 3 min');
    expect(roomLabel('canada_vip', t, 'en')).toBe('Canada 28 · VIP room');
    expect(roomLabel('canada_diamond', t, 'en')).toBe('Canada 28 · Diamond room');
    expect(roomLabel('china', t, 'en')).toBe('China 28');
    expect(roomLabel('mars_vip', t, 'en')).toBe('mars_vip');
  });

  it('names the region in the reader language', async () => {
    await activateLanguage('zh');
    try {
      expect(roomLabel('usa_supreme', t, 'zh')).toBe('美国 28 · 至尊房');
    } finally {
      await activateLanguage('en');
    }
  });
});
