import { useMutation, useQuery } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import { api, download } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import { saveFile } from '@/lib/save-file';

/** Days in the operator's time zone, YYYY-MM-DD, both included. */
export type StatementRange = { from: string; to: string };

export type AccountSummary = {
  account: 'wallet' | 'game' | 'savings' | 'invest' | 'frozen';
  opening: MoneyText;
  /** What came in during the range. */
  credits: MoneyText;
  /** What left during the range. */
  debits: MoneyText;
  closing: MoneyText;
  postings: number;
};

export type StatementSummary = {
  from: string;
  to: string;
  /** 00:00 of `from` (Unix seconds). */
  start_at: number;
  /** 00:00 after `to`, or the server's now when that is still to come. */
  end_at: number;
  postings: number;
  postings_max: number;
  accounts: AccountSummary[];
};

/** The longest range the server takes, in days. */
export const STATEMENT_DAYS_MAX = 366;

export const statementKey = (range: StatementRange | null) =>
  [...walletKey, 'statement', range?.from ?? '', range?.to ?? ''] as const;

/**
 * GET api/personal/statement_summary — each account's opening and closing balance; without a
 * range the server's default, this month so far in the operator's time zone.
 */
export const fetchStatementSummary = (range: StatementRange | null) =>
  api.get<StatementSummary>('api/personal/statement_summary', range ?? undefined);

export function useStatementSummary(range: StatementRange | null) {
  return useQuery({
    queryKey: statementKey(range),
    queryFn: () => fetchStatementSummary(range),
    // The form and the last figures stay while another range loads.
    placeholderData: (previous) => previous,
  });
}

/** GET api/personal/statement — the CSV, saved as the file the server names. */
export const downloadStatement = async (range: StatementRange) =>
  saveFile(await download('api/personal/statement', range));

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
