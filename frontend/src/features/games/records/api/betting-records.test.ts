// The record page keeps one cache entry per filter. (The query it sends: games/api/bet-records.test.ts.)
import { describe, expect, it } from 'vitest';
import { ALL_BETS, bettingRecordsKey } from '@/features/games/records/api/betting-records';

describe('betting record cache', () => {
  it('keeps one cache entry per filter', () => {
    expect(bettingRecordsKey({ game: 'k3', status: 'won' })).toEqual([
      'records',
      'bets',
      'k3',
      'won',
    ]);
    expect(bettingRecordsKey(ALL_BETS)).not.toEqual(
      bettingRecordsKey({ game: '', status: 'open' }),
    );
  });
});
