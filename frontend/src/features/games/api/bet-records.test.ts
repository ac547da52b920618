// Filters become the query of GET api/personal/betting_record; empty ones stay out of the URL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { betRecordParams, fetchBetRecords } from '@/features/games/api/bet-records';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('betting record query', () => {
  it('sends page and limit, and game and status only when filtered', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ list: [], total: 0, page: 1, limit: 20 })),
    );
    await fetchBetRecords({ game: '', status: '' }, 1, 20);
    await fetchBetRecords({ game: 'pk10', status: '' }, 2, 20);
    await fetchBetRecords({ game: 'yn28', status: 'refunded' }, 3, 50);
    await fetchBetRecords({}, 1, 20);
    expect(calls.map((call) => call.url)).toEqual([
      'api/personal/betting_record?page=1&limit=20',
      'api/personal/betting_record?game=pk10&page=2&limit=20',
      'api/personal/betting_record?game=yn28&status=refunded&page=3&limit=50',
      'api/personal/betting_record?page=1&limit=20',
    ]);
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('filters by room and issue too', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ list: [], total: 0, page: 1, limit: 20 })),
    );
    await fetchBetRecords(
      { game: 'rgb', room: 'rgb3', status: 'won', issue: '202611220042' },
      1,
      20,
    );
    expect(calls.map((call) => call.url)).toEqual([
      'api/personal/betting_record?game=rgb&room=rgb3&status=won&issue=202611220042&page=1&limit=20',
    ]);
  });

  it('puts every filter into the parameters of one page', () => {
    expect(betRecordParams({ game: 'k3', status: 'won' }, 1, 20)).toEqual({
      page: 1,
      limit: 20,
      game: 'k3',
      status: 'won',
    });
    expect(betRecordParams({ room: 'canada_vip', issue: '42' }, 2, 50)).toEqual({
      page: 2,
      limit: 50,
      room: 'canada_vip',
      issue: '42',
    });
  });
});
