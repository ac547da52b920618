// A drawn period's proof (GET api/fair/draw), shared by the games and the yn28 trading hall.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET api/fair/draw: a drawn period's revealed seed, its link and its values. */
export type FairDraw = {
  room: string;
  issue: string;
  /** s_k, revealed once the period is drawn (hex). */
  seed: string;
  /** s_{k-1}, or the commitment s_0 for a chain's first period (hex). */
  previous: string;
  /** The room's published commitment s_0 (hex). */
  commitment: string;
  /** The published result, e.g. {"game":"k3","result":[3,1,6]}. */
  values: unknown;
};

/** A room's drawn period (yn28 tier rooms of one region share the same draw). */
export const fairDrawKey = (room: string, issue: string) => ['fair', 'draw', room, issue] as const;

export const fetchFairDraw = (room: string, issue: string) =>
  api.get<FairDraw>('api/fair/draw', { room, issue });

/** Asked only when the player opens the verification of a draw; a drawn period never changes. */
export function useFairDraw(room: string, issue: string, enabled: boolean) {
  return useQuery({
    queryKey: fairDrawKey(room, issue),
    queryFn: () => fetchFairDraw(room, issue),
    enabled,
    staleTime: Infinity,
  });
}
