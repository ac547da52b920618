// GET api/deposits?page=N: the pending deposits, oldest first, 20 a page; polled.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/console/lib/api';
import type { QueuePage } from '@/console/parts/queue-paging';

export type DepositStatus = 'pending' | 'passed' | 'rejected' | 'failed';

export type QueuedDeposit = {
  id: number;
  user_id: number;
  /** The player's phone or login name. */
  player: string;
  method: string;
  /** What the wallet is credited, e.g. "100.00". */
  amount: string;
  /** The currency the player pays in, and what he pays in it. */
  currency: string;
  pay_amount: string;
  country: string;
  content: string;
  account_code: string;
  account_label: string;
  status: DepositStatus;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
  age_secs: number;
  has_voucher: boolean;
};

/** A deposit as the player's records keep it (a withdrawal's detail lists his recent ones). */
export type DepositRecord = Omit<QueuedDeposit, 'player' | 'age_secs' | 'has_voucher'>;

export type DepositPage = QueuePage<QueuedDeposit>;

/** Every query of deposits (queue pages and details): what a review invalidates. */
export const depositsKey = ['console', 'deposits'] as const;
export const depositQueueKey = (page: number) => [...depositsKey, 'queue', page] as const;
export const DEPOSIT_POLL_MS = 10_000;

export const fetchDepositQueue = (page: number) => api.get<DepositPage>(`deposits?page=${page}`);

export function useDepositQueue(page: number) {
  return useQuery({
    queryKey: depositQueueKey(page),
    queryFn: () => fetchDepositQueue(page),
    refetchInterval: DEPOSIT_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
