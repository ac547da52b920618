// The long-dragon board: longest runs first with a stable order, and readable names.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LongRun } from '@/features/long/api/long-runs';
import { orderRuns, roomName, runOptionName } from '@/features/long/parts/runs';
import { activateLanguage, t } from '@/i18n/i18n';

const run = (room: string, game: string, option: string, length: number): LongRun => ({ room, game, option, length, issue: '202611220042' });

beforeAll(async () => {
  await activateLanguage('en');
});

describe('orderRuns', () => {
  it('puts the longest first, then game order, then option; the input stays as it was', () => {
    const input = [
      run('usa', 'yn28', 'big', 4),
      run('ssc', 'ssc', 'b2_odd', 9),
      run('pk10', 'pk10', 'p3_small', 4),
      run('k3', 'k3', 'odd', 4),
      run('pk10', 'pk10', 'p1_dragon', 4),
      run('rgb5', 'rgb', 'red', 12),
      run('mars', 'x', 'big', 4),
    ];
    const copy = [...input];
    expect(orderRuns(input).map((item) => `${item.room}:${item.option}:${item.length}`)).toEqual([
      'rgb5:red:12',
      'ssc:b2_odd:9',
      'k3:odd:4',
      'pk10:p1_dragon:4',
      'pk10:p3_small:4',
      'usa:big:4',
      'mars:big:4',
    ]);
    expect(input).toEqual(copy);
  });

  it('orders yn28 tier rooms with their region', () => {
    const ordered = orderRuns([run('usa_vip', 'yn28', 'odd', 3), run('canada_supreme', 'yn28', 'odd', 3), run('k3', 'k3', 'big', 3)]);
    expect(ordered.map((item) => item.room)).toEqual(['k3', 'canada_supreme', 'usa_vip']);
  });
});

describe('names', () => {
  it.each([
    ['k3', 'big', 'Big'],
    ['yn28', 'small_odd', 'Small odd'],
    ['yn28', 'extreme_big', 'Extreme big'],
    ['pk10', 'p3_odd', 'Position 3 · Odd'],
    ['pk10', 'p5_tiger', 'Position 5 · Tiger (lower)'],
    ['pk10', 'sum_big', 'Top-two sum · Big'],
    ['ssc', 'b2_small', 'Ball 2 · Small'],
    ['ssc', 'total_even', 'Total sum · Even'],
    ['ssc', 'dragon', 'Dragon (higher)'],
    ['k3', 'sum_big', 'sum_big'],
    ['pk10', 'p3_sideways', 'p3_sideways'],
  ])('%s %s -> %s', (game, option, name) => {
    expect(runOptionName(game, option, t)).toBe(name);
  });

  it('names rooms and regions', () => {
    expect(roomName('pk10', t, 'en')).toBe('PK10 racing');
    expect(roomName('rgb1', t, 'en')).toBe('Colour game · 1 min');
    expect(roomName('china', t, 'en')).toBe('China 28');
    expect(roomName('canada_diamond', t, 'en')).toBe('Canada 28 · Diamond room');
  });
});
