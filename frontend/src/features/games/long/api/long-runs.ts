import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A run of identical outcomes of one option, ending at the latest draw. */
export type LongRun = {
  room: string;
  game: string;
  /** The option that kept winning, e.g. `big`, `p3_odd`, `total_small`. */
  option: string;
  /** How many draws in a row. */
  length: number;
  /** The latest draw the run ends at. */
  issue: string;
};

export type LongBoard = { threshold: number; list: LongRun[] };

export const longRunsKey = ['long', 'runs'] as const;

/** A new draw can end or extend a run; the shortest period is a minute. */
export const LONG_REFRESH_MS = 30_000;

/** GET api/cc/long — runs of at least the configured threshold, longest first. */
export const fetchLongRuns = () => api.get<LongBoard>('api/cc/long');

export function useLongRuns() {
  return useQuery({
    queryKey: longRunsKey,
    queryFn: fetchLongRuns,
    staleTime: 10_000,
    refetchInterval: LONG_REFRESH_MS,
  });
}
