// The long-dragon board: longest runs first with a stable order. (Room and option names:
// games/parts/game-labels.test.ts.)
import { describe, expect, it } from 'vitest';
import type { LongRun } from '@/features/games/long/api/long-runs';
import { orderRuns } from '@/features/games/long/parts/runs';

const run = (room: string, game: string, option: string, length: number): LongRun => ({
  room,
  game,
  option,
  length,
  issue: '202611220042',
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
    const ordered = orderRuns([
      run('usa_vip', 'yn28', 'odd', 3),
      run('canada_supreme', 'yn28', 'odd', 3),
      run('k3', 'k3', 'big', 3),
    ]);
    expect(ordered.map((item) => item.room)).toEqual(['k3', 'canada_supreme', 'usa_vip']);
  });
});
