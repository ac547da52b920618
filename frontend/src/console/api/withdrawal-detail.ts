// GET api/withdrawals/ID: one withdrawal with what its reviewer weighs (the player's balances,
// turnover left, shared accounts and addresses, recent deposits and withdrawals); and
// GET api/withdrawals/ID/pay-to: the whole card or address, read only on the staff member's
// click (the server records each read in the audit log), never cached or polled.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DepositRecord } from '@/console/api/deposit-queue';
import {
  withdrawalsKey,
  type QueuedWithdrawal,
  type WithdrawalRecord,
} from '@/console/api/withdrawal-queue';
import { api } from '@/console/lib/api';

export type Balances = {
  wallet: string;
  game: string;
  savings: string;
  invest: string;
  frozen: string;
};

/** A payout account or client address the player shares, and the other players' ids. */
export type SharedAccount = { account: string; others: number[] };
export type SharedAddress = { address: string; others: number[] };
export type PlayerLinks = { payout_accounts: SharedAccount[]; addresses: SharedAddress[] };

export type WithdrawalDetail = {
  withdrawal: QueuedWithdrawal;
  balances: Balances;
  /** Bets the player still owes before a withdrawal. */
  turnover_remaining: string;
  links: PlayerLinks;
  /** Whether the staff member may read the whole card or address (`pay-to`). */
  may_read_pay_to: boolean;
  /** The player's last 10 deposits and withdrawals, newest first (this one included). */
  recent_deposits: DepositRecord[];
  recent_withdrawals: WithdrawalRecord[];
};

export type PayoutCard = {
  bank_code: string;
  holder: string;
  card_no: string;
  ifsc: string;
  bank_address: string;
};

/** The whole card of a bank withdrawal, or "<network> <address>" of a USDT one. */
export type PayTo = { bank: PayoutCard } | { usdt: string };

export const withdrawalDetailKey = (id: number) => [...withdrawalsKey, 'detail', id] as const;

export const fetchWithdrawalDetail = (id: number) => api.get<WithdrawalDetail>(`withdrawals/${id}`);

export const fetchPayTo = (id: number) => api.get<PayTo>(`withdrawals/${id}/pay-to`);

export function useWithdrawalDetail(id: number) {
  return useQuery({
    queryKey: withdrawalDetailKey(id),
    queryFn: () => fetchWithdrawalDetail(id),
  });
}

/** Reads the whole card or address when called (a button's click): never by itself. */
export function usePayTo(id: number) {
  return useMutation({ mutationFn: () => fetchPayTo(id) });
}
