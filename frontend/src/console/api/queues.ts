// GET api/queues: what waits for review, polled for the tab title and the nav.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/console/lib/api';

export type Queue = { waiting: number; oldest_age_secs: number | null };
/** A queue is null when the staff member may not review that kind. */
export type Queues = { deposits: Queue | null; withdrawals: Queue | null };

export const queuesKey = ['console', 'queues'] as const;
export const QUEUE_POLL_MS = 10_000;

export const fetchQueues = () => api.get<Queues>('queues');

/** Waiting items of every queue the staff member reviews. */
export const waitingCount = (queues: Queues | undefined): number =>
  (queues?.deposits?.waiting ?? 0) + (queues?.withdrawals?.waiting ?? 0);

export function useQueues() {
  return useQuery({
    queryKey: queuesKey,
    queryFn: fetchQueues,
    refetchInterval: QUEUE_POLL_MS,
    // The count in the tab title is what a reviewer watches from another tab.
    refetchIntervalInBackground: true,
  });
}
