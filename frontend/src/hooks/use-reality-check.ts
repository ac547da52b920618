// The reality check of the login session (api/protection/session), asked in the background:
// again when the next check falls due (at most every minute), and at once when a bet is refused
// with `reality_check_due` (see app/query-client.ts).
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import {
  acknowledgeRealityCheck,
  fetchRealitySession,
  realitySessionKey,
  type RealitySession,
} from '@/lib/protection';
import { serverNow } from '@/lib/time';

/** The longest wait between two questions while reality checks are on. */
export const REALITY_POLL_MAX_MS = 60_000;
/** The shortest wait, so a clock a little off never makes a burst of requests. */
export const REALITY_POLL_MIN_MS = 5_000;

/** When to ask again: at the next check (bounded), never while off or while due. */
export function realityPollMs(
  session: RealitySession | undefined,
  nowSeconds: number,
): number | false {
  if (session === undefined || session.interval_mins <= 0 || session.due) return false;
  if (session.next_at === null) return REALITY_POLL_MAX_MS;
  const waitMs = (session.next_at - nowSeconds) * 1000;
  return Math.min(Math.max(waitMs, REALITY_POLL_MIN_MS), REALITY_POLL_MAX_MS);
}

export function useRealitySession() {
  return useQuery({
    queryKey: realitySessionKey,
    queryFn: fetchRealitySession,
    refetchInterval: (query: Query<RealitySession, Error, RealitySession, readonly unknown[]>) =>
      realityPollMs(query.state.data, serverNow()),
    staleTime: 0,
  });
}

export function useAcknowledgeRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeRealityCheck,
    onSuccess: (session) => queryClient.setQueryData(realitySessionKey, session),
  });
}
