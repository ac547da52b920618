import { walletKey } from '@/features/wallet/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export type AccountKind = 'wallet' | 'game' | 'savings' | 'invest' | 'frozen';
export const ACCOUNT_KINDS: readonly AccountKind[] = [
  'wallet',
  'game',
  'frozen',
  'savings',
  'invest',
];

/** Entry kinds the filter offers (the server knows more; unknown ones show their code). */
export const ENTRY_KINDS = [
  'deposit',
  'withdraw_hold',
  'withdraw_paid',
  'withdraw_release',
  'transfer',
  'bet',
  'payout',
  'bonus',
  'adjust',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export type ChangeRecord = {
  id: number;
  account: AccountKind;
  kind: string;
  reference: string;
  memo: string;
  /** Signed: "-10.00" left the account, "10.00" came in. */
  amount: MoneyText;
  balance_after: MoneyText;
  created_at: number;
};

export type ChangeFilter = { account: AccountKind | ''; kind: EntryKind | '' };

export const accountChangesKey = (filter: ChangeFilter) =>
  [...walletKey, 'account-changes', filter.account, filter.kind] as const;

/** GET api/personal/accountchangerecord — every posting on the player's accounts, newest first. */
export const fetchAccountChanges = (filter: ChangeFilter, page: number, limit: number) =>
  api.get<Paged<ChangeRecord>>('api/personal/accountchangerecord', {
    page,
    limit,
    account: filter.account,
    kind: filter.kind,
  });

export function useAccountChanges(filter: ChangeFilter) {
  return usePaged(accountChangesKey(filter), (page, limit) =>
    fetchAccountChanges(filter, page, limit),
  );
}
