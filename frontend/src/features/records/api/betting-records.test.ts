// The record page's filters become the query of GET api/personal/betting_record.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_BETS, bettingRecordParams, bettingRecordsKey, fetchBettingRecords } from '@/features/records/api/betting-records';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('betting record query', () => {
  it('sends page and limit, and game and status only when filtered', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ list: [], total: 0, page: 1, limit: 20 })));
    await fetchBettingRecords(ALL_BETS, 1, 20);
    await fetchBettingRecords({ game: 'pk10', status: '' }, 2, 20);
    await fetchBettingRecords({ game: 'yn28', status: 'refunded' }, 3, 50);
    expect(calls.map((call) => call.url)).toEqual([
      'api/personal/betting_record?page=1&limit=20',
      'api/personal/betting_record?page=2&limit=20&game=pk10',
      'api/personal/betting_record?page=3&limit=50&game=yn28&status=refunded',
    ]);
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('keeps one cache entry per filter', () => {
    expect(bettingRecordParams({ game: 'k3', status: 'won' }, 1, 20)).toEqual({ page: 1, limit: 20, game: 'k3', status: 'won' });
    expect(bettingRecordsKey({ game: 'k3', status: 'won' })).toEqual(['records', 'bets', 'k3', 'won']);
    expect(bettingRecordsKey(ALL_BETS)).not.toEqual(bettingRecordsKey({ game: '', status: 'open' }));
  });
});
