import { useQuery } from '@tanstack/react-query';
import { drawKey } from '@/features/cc/api/keys';
import { api } from '@/lib/api';

/** GET api/fair/draw: a drawn period's revealed seed, its link and its values. */
export type FairDraw = { room: string; issue: string; seed: string; previous: string; commitment: string; values: unknown };

export const fetchFairDraw = (room: string, issue: string) => api.get<FairDraw>('api/fair/draw', { room, issue });

/** Asked only when the player opens the verification of a draw; a drawn period never changes. */
export function useFairDraw(room: string, issue: string, enabled: boolean) {
  return useQuery({ queryKey: drawKey(room, issue), queryFn: () => fetchFairDraw(room, issue), enabled, staleTime: Infinity });
}
