import { walletKey } from '@/features/wallet/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export type WithdrawalStatus = 'pending' | 'passed' | 'failed' | 'rejected';

export type WithdrawalRecord = {
  id: number;
  method: string;
  /** The masked bank card or address. */
  account: string;
  amount: MoneyText;
  fee: MoneyText;
  status: WithdrawalStatus;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
};

export const withdrawRecordsKey = (status: WithdrawalStatus | '') =>
  [...walletKey, 'withdraw-records', status] as const;

/** GET api/personal/withdrawlsrecord — the player's withdrawals, newest first. */
export const fetchWithdrawRecords = (status: WithdrawalStatus | '', page: number, limit: number) =>
  api.get<Paged<WithdrawalRecord>>('api/personal/withdrawlsrecord', { page, limit, status });

export function useWithdrawRecords(status: WithdrawalStatus | '') {
  return usePaged(withdrawRecordsKey(status), (page, limit) =>
    fetchWithdrawRecords(status, page, limit),
  );
}
