import { useQuery } from '@tanstack/react-query';
import { trendKey } from '@/features/games/yn28/api/keys';
import type { Region } from '@/features/games/yn28/model';
import { api } from '@/lib/api';

export type TrendRow = {
  issue: string;
  numbers: number[];
  a: number;
  b: number;
  c: number;
  sum: number;
  tags: string[];
};
export type TrendRun = { option: string; length: number; issue: string };

/** GET api/trend/index, newest first. */
export type Trend = {
  region: Region;
  list: TrendRow[];
  counts: Record<string, Record<string, number>>;
  runs: TrendRun[];
};

export const fetchTrend = (region: Region, limit: number) =>
  api.get<Trend>('api/trend/index', { region, limit });

export function useTrend(region: Region, limit = 100) {
  return useQuery({
    queryKey: trendKey(region, limit),
    queryFn: () => fetchTrend(region, limit),
    refetchInterval: 15_000,
  });
}
