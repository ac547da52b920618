// Labels of the ledger's entry kinds, as the records pages show them.
import type { MessageKey, Translate } from '@/i18n/i18n';

const KIND_KEYS: Record<string, MessageKey> = {
  deposit: 'kind_deposit',
  withdraw_hold: 'kind_withdraw_hold',
  withdraw_paid: 'kind_withdraw_paid',
  withdraw_release: 'kind_withdraw_release',
  bet: 'kind_bet',
  payout: 'kind_payout',
  refund: 'kind_refund',
  transfer: 'kind_transfer',
  savings_in: 'kind_savings_in',
  savings_out: 'kind_savings_out',
  interest: 'kind_interest',
  invest: 'kind_invest',
  invest_return: 'kind_invest_return',
  rebate: 'kind_rebate',
  commission: 'kind_commission',
  salary: 'kind_salary',
  signin: 'kind_signin',
  task: 'kind_task',
  envelope: 'kind_envelope',
  bonus: 'kind_bonus',
  adjust: 'kind_adjust',
};

/** The translated kind; a kind this app does not know yet shows its code. */
export function entryKindLabel(kind: string, t: Translate): string {
  const key = KIND_KEYS[kind];
  return key === undefined ? kind : t(key);
}
