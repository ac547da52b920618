import { walletKey } from '@/features/wallet/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export type DepositStatus = 'pending' | 'passed' | 'failed' | 'rejected';

export type DepositRecord = {
  id: number;
  method: string;
  amount: MoneyText;
  currency: string;
  pay_amount: MoneyText;
  content: string;
  /** The receiving account paid, as the player was shown it ('' before accounts existed). */
  account_code: string;
  account_label: string;
  status: DepositStatus;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
};

export const rechargeRecordsKey = (status: DepositStatus | '') =>
  [...walletKey, 'recharge-records', status] as const;

/** GET api/personal/rechargerecord — the player's deposits, newest first. */
export const fetchRechargeRecords = (status: DepositStatus | '', page: number, limit: number) =>
  api.get<Paged<DepositRecord>>('api/personal/rechargerecord', { page, limit, status });

export function useRechargeRecords(status: DepositStatus | '') {
  return usePaged(rechargeRecordsKey(status), (page, limit) =>
    fetchRechargeRecords(status, page, limit),
  );
}
