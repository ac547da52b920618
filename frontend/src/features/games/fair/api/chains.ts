// GET api/fair/chains: every seed chain segment of a room's draw source, published from the
// moment it is created (successors committed ahead included), newest first (docs/fairness.md).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type FairChain = {
  segment_id: string;
  /** The seed chain the segment draws from; its commitment is s_0. */
  chain_id: string;
  commitment: string;
  length: number;
  /** The seed index `first_issue` draws with (1 for a chain's first segment). */
  first_index: number;
  first_issue: string;
  period_secs: number;
  /** When its first period starts (null for chains from before schema V5). */
  starts_at: number | null;
  created_at: number;
  /** Set when a period change retired it before it drew any period. */
  retired_at: number | null;
};

export type FairChains = { room: string; draw_source: string; list: FairChain[] };

/** How many segments the list shows (the server allows up to 100). */
export const CHAINS_LIMIT = 20;

export const fairChainsKey = (room: string) => ['fair', 'chains', room] as const;

export const fetchFairChains = (room: string) =>
  api.get<FairChains>('api/fair/chains', { room, limit: CHAINS_LIMIT });

/** Asked when the player opens the list; a new segment appears at most once per period change. */
export function useFairChains(room: string, enabled: boolean) {
  return useQuery({
    queryKey: fairChainsKey(room),
    queryFn: () => fetchFairChains(room),
    enabled,
    staleTime: 60_000,
  });
}

export type ChainStatus = 'in_force' | 'ahead' | 'retired' | 'earlier';

/**
 * Each segment's status at server time `now`: retired ones were retired before any draw; ones
 * whose first period starts later are ahead; of the others the newest is in force and the rest
 * came earlier. The list is newest first.
 */
export function chainStatuses(list: readonly FairChain[], now: number): ChainStatus[] {
  let inForceSeen = false;
  return list.map((chain) => {
    if (chain.retired_at !== null) return 'retired';
    if ((chain.starts_at ?? chain.created_at) > now) return 'ahead';
    if (inForceSeen) return 'earlier';
    inForceSeen = true;
    return 'in_force';
  });
}
