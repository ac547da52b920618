// A refused bet whose screen is stale re-reads what the refusal names, and nothing else.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterRefusal } from '@/features/games/api/betting';
import { oddsKey } from '@/features/games/api/keys';
import { roomKey } from '@/features/games/api/room-index';
import { ApiError } from '@/lib/api';

function clientWithData() {
  const queryClient = new QueryClient();
  for (const key of [oddsKey('k3'), roomKey('k3'), oddsKey('ssc')]) {
    queryClient.setQueryData(key, { cached: true });
  }
  return queryClient;
}

const stale = (queryClient: QueryClient) =>
  [oddsKey('k3'), roomKey('k3'), oddsKey('ssc')].map(
    (key) => queryClient.getQueryState(key)?.isInvalidated,
  );

describe('a refused bet', () => {
  it('re-reads the odds of its room after odds_changed', async () => {
    const queryClient = clientWithData();
    await refreshAfterRefusal(queryClient, new ApiError('odds_changed', 'changed'), 'k3');
    expect(stale(queryClient)).toEqual([true, false, false]);
  });

  it('re-reads the open period after period_closed or issue_not_open', async () => {
    for (const key of ['period_closed', 'issue_not_open']) {
      const queryClient = clientWithData();
      await refreshAfterRefusal(queryClient, new ApiError(key, 'closed'), 'k3');
      expect(stale(queryClient)).toEqual([false, true, false]);
    }
  });

  it('re-reads nothing for other refusals', async () => {
    const queryClient = clientWithData();
    await refreshAfterRefusal(queryClient, new ApiError('insufficient_balance', 'no'), 'k3');
    await refreshAfterRefusal(queryClient, new Error('network'), 'k3');
    expect(stale(queryClient)).toEqual([false, false, false]);
  });
});
