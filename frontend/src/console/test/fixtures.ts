// Replies of the console API for the console's tests.
import type { DepositDetail } from '@/console/api/deposit-detail';
import type { DepositPage, QueuedDeposit } from '@/console/api/deposit-queue';
import type { WithdrawalDetail } from '@/console/api/withdrawal-detail';
import type { QueuedWithdrawal, WithdrawalPage } from '@/console/api/withdrawal-queue';
import type { SessionView } from '@/console/lib/session';

export const aSession = (fields: Partial<SessionView> = {}): SessionView => ({
  user_id: 9,
  name: 'mai',
  role: 'finance',
  permissions: ['wallet:*:*'],
  csrf: 'csrf-token-1',
  expires_at: 1_900_000_000,
  idle_timeout_secs: 1800,
  ...fields,
});

export const aDeposit = (fields: Partial<QueuedDeposit> = {}): QueuedDeposit => ({
  id: 41,
  user_id: 7,
  player: '13800000007',
  method: 'bank',
  amount: '100.00',
  currency: 'VND',
  pay_amount: '2500000.00',
  country: 'VN',
  content: 'order 41',
  account_code: 'vcb-main',
  account_label: 'Vietcombank, District 1, FAIRHALL LTD, 0071000123456',
  status: 'pending',
  reason: '',
  created_at: 1_800_000_000,
  reviewed_at: null,
  age_secs: 7500,
  has_voucher: true,
  ...fields,
});

export const aPage = (list: QueuedDeposit[], fields: Partial<DepositPage> = {}): DepositPage => ({
  total: list.length,
  page: 1,
  page_size: 20,
  list,
  ...fields,
});

export const aDetail = (deposit: QueuedDeposit = aDeposit()): DepositDetail => ({
  deposit,
  recent_deposits: [deposit, aDeposit({ id: 30, status: 'passed', age_secs: 0 })],
  recent_withdrawals: [
    {
      id: 5,
      amount: '20.00',
      fee: '1.00',
      method: 'bank',
      status: 'paid',
      reason: '',
      created_at: 1_799_000_000,
    },
  ],
});

export const aWithdrawal = (fields: Partial<QueuedWithdrawal> = {}): QueuedWithdrawal => ({
  id: 61,
  user_id: 7,
  method: 'bank',
  account: 'VCB ****7890',
  amount: '100.00',
  fee: '2.50',
  status: 'pending',
  reason: '',
  created_at: 1_800_000_000,
  reviewed_at: null,
  player: '13800000007',
  age_secs: 3900,
  second_approval_needed: false,
  first_approval: null,
  linked: '-',
  ...fields,
});

export const aWithdrawalPage = (
  list: QueuedWithdrawal[],
  fields: Partial<WithdrawalPage> = {},
): WithdrawalPage => ({ total: list.length, page: 1, page_size: 20, list, ...fields });

export const aWithdrawalDetail = (
  withdrawal: QueuedWithdrawal = aWithdrawal(),
  fields: Partial<WithdrawalDetail> = {},
): WithdrawalDetail => ({
  withdrawal,
  balances: {
    wallet: '1234.50',
    game: '10.00',
    savings: '0.00',
    invest: '300.00',
    frozen: '102.50',
  },
  turnover_remaining: '0.00',
  links: {
    payout_accounts: [{ account: 'VCB ****7890', others: [12, 13] }],
    addresses: [{ address: '203.0.113.7', others: [14] }],
  },
  may_read_pay_to: true,
  recent_deposits: [
    {
      id: 30,
      user_id: 7,
      method: 'bank',
      amount: '500.00',
      currency: 'VND',
      pay_amount: '12500000.00',
      country: 'VN',
      content: 'order 30',
      account_code: 'vcb-main',
      account_label: 'Vietcombank',
      status: 'passed',
      reason: '',
      created_at: 1_799_000_000,
      reviewed_at: 1_799_000_600,
    },
  ],
  recent_withdrawals: [
    {
      id: 61,
      user_id: 7,
      method: 'bank',
      account: 'VCB ****7890',
      amount: '100.00',
      fee: '2.50',
      status: 'pending',
      reason: '',
      created_at: 1_800_000_000,
      reviewed_at: null,
    },
    {
      id: 52,
      user_id: 7,
      method: 'usdt',
      account: 'TRC20 TXk3…',
      amount: '40.00',
      fee: '1.00',
      status: 'passed',
      reason: '',
      created_at: 1_798_000_000,
      reviewed_at: 1_798_000_900,
    },
  ],
  ...fields,
});

export const signInRequired = {
  code: 0,
  msg: 'Sign in to the console.',
  err: 'staff_sign_in_required',
  data: null,
};
