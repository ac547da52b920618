// GET api/withdrawals?page=N: the pending withdrawals, oldest first, 20 a page; polled.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/console/lib/api';
import type { QueuePage } from '@/console/parts/queue-paging';

export type WithdrawalStatus = 'pending' | 'passed' | 'rejected' | 'failed';

/** A withdrawal as the player's records keep it (its account masked). */
export type WithdrawalRecord = {
  id: number;
  user_id: number;
  method: string;
  /** The masked card or address paid to, e.g. "VCB ****7890" or "TRC20 TXk3…". */
  account: string;
  /** What the player receives, e.g. "100.00", and the fee held beside it. */
  amount: string;
  fee: string;
  status: WithdrawalStatus;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
};

/** The first of the two approvals a larger withdrawal needs (the four-eyes rule). */
export type FirstApproval = { approved_by: string; approved_at: number };

export type QueuedWithdrawal = WithdrawalRecord & {
  /** The player's login name, else his phone. */
  player: string;
  age_secs: number;
  /** Whether it is paid only by a second staff member's approval. */
  second_approval_needed: boolean;
  first_approval: FirstApproval | null;
  /** The other players sharing his payout accounts or addresses, one line ("-" for none). */
  linked: string;
};

export type WithdrawalPage = QueuePage<QueuedWithdrawal>;

/** Every query of withdrawals (queue pages and details): what a review invalidates. */
export const withdrawalsKey = ['console', 'withdrawals'] as const;
export const withdrawalQueueKey = (page: number) => [...withdrawalsKey, 'queue', page] as const;
export const WITHDRAWAL_POLL_MS = 10_000;

export const fetchWithdrawalQueue = (page: number) =>
  api.get<WithdrawalPage>(`withdrawals?page=${page}`);

export function useWithdrawalQueue(page: number) {
  return useQuery({
    queryKey: withdrawalQueueKey(page),
    queryFn: () => fetchWithdrawalQueue(page),
    refetchInterval: WITHDRAWAL_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
