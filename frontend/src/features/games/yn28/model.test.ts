import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, t as translate } from '@/i18n/i18n';
import {
  chartMidY,
  chartPoints,
  groupOptions,
  parseDraw,
  parseRoom,
  pointsAttr,
  tagLabel,
  tagsOf,
  tagTone,
  tradeProblem,
} from '@/features/games/yn28/model';
import { describeRule, specialRules } from '@/features/games/parts/special-rules';

describe('yn28 draws and tags', () => {
  it('reads a draw from record values or the bare result', () => {
    const values = {
      game: 'yn28',
      result: { region: 'canada', numbers: [5, 7, 8], digits: [0, 5, 8] },
    };
    expect(parseDraw(values)).toEqual({ numbers: [5, 7, 8], digits: [0, 5, 8], sum: 13 });
    expect(parseDraw({ digits: [9, 9, 9] })?.sum).toBe(27);
    expect(parseDraw({ game: 'yn28', result: { digits: [1, 2] } })).toBeNull();
    expect(parseDraw({ digits: [1, 2, 10] })).toBeNull();
    expect(parseDraw(null)).toBeNull();
  });

  it('tags a, b, c like the server (GAMES.md examples)', () => {
    expect(tagsOf([0, 0, 0])).toEqual(['small', 'even', 'small_even', 'extreme_small', 'leopard']);
    expect(tagsOf([9, 9, 9])).toEqual(['big', 'odd', 'big_odd', 'extreme_big', 'leopard']);
    expect(tagsOf([1, 2, 3])).toEqual(['small', 'even', 'small_even', 'straight']);
    expect(tagsOf([8, 7, 9])).toEqual(['big', 'even', 'big_even', 'extreme_big', 'straight']);
    expect(tagsOf([0, 1, 9])).toEqual(['small', 'even', 'small_even']);
    expect(tagsOf([4, 4, 5])).toEqual(['small', 'odd', 'small_odd', 'pair']);
    expect(tagsOf([5, 5, 4])).toEqual(['big', 'even', 'big_even', 'pair']);
  });

  it('tones and names tags', () => {
    expect(tagTone('big_odd')).toBe('up');
    expect(tagTone('extreme_small')).toBe('down');
    expect(tagTone('pair')).toBe('plain');
  });
});

describe('labels in the reader language', () => {
  beforeAll(async () => {
    await activateLanguage('en');
  });

  it('names tags and sums', () => {
    expect(tagLabel('big', translate)).toBe('Long');
    expect(tagLabel('extreme_small', translate)).toBe('Extreme yin');
    expect(tagLabel('sum_13', translate)).toBe('Sum 13');
    expect(tagLabel('nope', translate)).toBe('nope');
  });

  it('explains the default 13/14 rule from the odds reply', () => {
    const rules = specialRules({
      special_rules: [
        {
          options: ['big', 'small', 'odd', 'even'],
          sums: [13, 14],
          patterns: [],
          action: { reduced_odds: '1.6' },
          stake_min: null,
        },
        { options: ['small_odd'], sums: [13], patterns: [], action: 'refund', stake_min: null },
        {
          options: ['big_even'],
          sums: [],
          patterns: ['leopard'],
          action: 'refund',
          stake_min: '100.00',
        },
        { options: 'bad', action: 'refund' },
      ],
    });
    expect(rules).toHaveLength(3);
    expect(describeRule(rules[0]!, translate)).toBe(
      'When the result is 13, 14: winning Long, Short, Odd, Even pay 1.6.',
    );
    expect(describeRule(rules[1]!, translate)).toBe(
      'When the result is 13: Small odd are refunded.',
    );
    expect(describeRule(rules[2]!, translate)).toContain('(stakes of 100.00 or more)');
    expect(specialRules(null)).toEqual([]);
    expect(specialRules({ special_rules: 'x' })).toEqual([]);
  });
});

describe('rooms and option board', () => {
  it('maps room codes to region and tier', () => {
    expect(parseRoom('canada_vip')).toEqual({ region: 'canada', tier: 'vip' });
    expect(parseRoom('usa')).toEqual({ region: 'usa', tier: 'ordinary' });
    expect(parseRoom('mars_vip')).toBeNull();
    expect(parseRoom('china_gold')).toBeNull();
    expect(parseRoom(null)).toBeNull();
  });

  it('groups the odds reply in board order', () => {
    const option = (code: string) => ({
      option: code,
      odds: '2.0',
      min_bet: '1.00',
      max_user: '100.00',
      max_total: '1000.00',
    });
    const groups = groupOptions(
      [
        'sum_0',
        'big',
        'leopard',
        'small_odd',
        'extreme_big',
        'sum_27',
        'sum_28',
        'small',
        'k3_thing',
      ].map(option),
    );
    expect(groups.map((group) => group.id)).toEqual([
      'two_way',
      'combo',
      'extreme',
      'pattern',
      'sum',
    ]);
    expect(groups[0]!.options.map((item) => item.option)).toEqual(['big', 'small']);
    expect(groups[4]!.options.map((item) => item.option)).toEqual(['sum_0', 'sum_27']);
  });
});

describe('trade validation', () => {
  it('refuses before sending what the server would refuse', () => {
    expect(tradeProblem('10', '500.00', false)).toBe('yn28_err_trade_closed');
    expect(tradeProblem('', '500.00', true)).toBe('yn28_err_trade_amount');
    expect(tradeProblem('10.001', '500.00', true)).toBe('yn28_err_trade_amount');
    expect(tradeProblem('0', '500.00', true)).toBe('yn28_err_trade_amount');
    expect(tradeProblem('9.99', '500.00', true)).toBe('yn28_err_trade_min');
    expect(tradeProblem('500.01', '500.00', true)).toBe('yn28_err_trade_balance');
    expect(tradeProblem('10', '500.00', true)).toBeNull();
    expect(tradeProblem(' 500.00 ', '500.00', true)).toBeNull();
    expect(tradeProblem('10', undefined, true)).toBeNull();
  });
});

describe('sum chart scaling', () => {
  it('puts 0 at the bottom, 27 at the top, oldest left', () => {
    const points = chartPoints([0, 27, 13.5], 100, 58, 4);
    expect(points).toEqual([
      { x: 4, y: 54 },
      { x: 50, y: 4 },
      { x: 96, y: 29 },
    ]);
    expect(chartMidY(58, 4)).toBe(29);
    expect(chartPoints([30, -1], 100, 58, 4).map((point) => point.y)).toEqual([4, 54]);
    expect(chartPoints([7], 100, 58)[0]!.x).toBe(50);
    expect(
      pointsAttr([
        { x: 1.234, y: 2 },
        { x: 3, y: 4.56 },
      ]),
    ).toBe('1.2,2 3,4.6');
  });
});
