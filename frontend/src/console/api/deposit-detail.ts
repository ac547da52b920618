// GET api/deposits/ID: one deposit with the player's recent deposits and withdrawals.
import { useQuery } from '@tanstack/react-query';
import { depositsKey, type QueuedDeposit } from '@/console/api/deposit-queue';
import { api, apiUrl } from '@/console/lib/api';

export type RecentWithdrawal = {
  id: number;
  amount: string;
  fee: string;
  method: string;
  status: string;
  reason: string;
  created_at: number;
};

export type DepositDetail = {
  deposit: QueuedDeposit;
  /** The player's last 10 deposits, newest first, this one included. */
  recent_deposits: QueuedDeposit[];
  recent_withdrawals: RecentWithdrawal[];
};

export const depositDetailKey = (id: number) => [...depositsKey, 'detail', id] as const;

export const fetchDepositDetail = (id: number) => api.get<DepositDetail>(`deposits/${id}`);

/** The voucher picture (GET, with the session cookie): an <img> loads it. */
export const voucherUrl = (id: number): string => apiUrl(`deposits/${id}/voucher`);

export function useDepositDetail(id: number) {
  return useQuery({ queryKey: depositDetailKey(id), queryFn: () => fetchDepositDetail(id) });
}
