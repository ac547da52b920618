// Replies of the console API for the console's tests.
import type { AuditPage, AuditRecord } from '@/console/api/audit';
import type { DepositDetail } from '@/console/api/deposit-detail';
import type { AdjustmentRequest, LimitState, PlayerReport } from '@/console/api/player';
import type { PlayerSummary, PlayersPage } from '@/console/api/players';
import type { Enrolment, StaffPage, StaffSummary } from '@/console/api/staff';
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

export const aPlayer = (fields: Partial<PlayerSummary> = {}): PlayerSummary => ({
  id: 7,
  phone: '13800000007',
  username: 'alice_good',
  vip_level: 2,
  roles: [],
  frozen: false,
  created_at: 1_790_000_000,
  last_login_at: 1_800_000_000,
  ...fields,
});

export const aPlayersPage = (
  list: PlayerSummary[],
  fields: Partial<PlayersPage> = {},
): PlayersPage => ({ total: list.length, page: 1, page_size: 20, list, ...fields });

/** A wallet adjustment made in the console: the balance before and after. */
export const anAuditRecord = (fields: Partial<AuditRecord> = {}): AuditRecord => ({
  id: 310,
  at: '2027-01-15T08:30:00Z',
  actor: 'mai',
  os_identity: { console: { staff_id: 9, session_id: 44, address: '203.0.113.9' } },
  action: 'wallet.adjust',
  target_kind: 'wallet',
  target_id: '7',
  arguments: { amount: '5.00', reason: 'Goodwill' },
  before: { user_id: 7, balances: { wallet: '0.00', game: '0.00' } },
  after: { user_id: 7, balances: { wallet: '5.00', game: '0.00' } },
  outcome: 'ok',
  message: '',
  ...fields,
});

export const anAuditPage = (
  list: AuditRecord[] = [anAuditRecord()],
  fields: Partial<AuditPage> = {},
): AuditPage => ({
  list,
  next_before: null,
  kinds: ['user', 'deposit', 'withdrawal', 'wallet', 'adjustment', 'room'],
  ...fields,
});

const noLimits = (): LimitState[] =>
  ['day', 'week', 'month'].map((period) => ({
    period,
    amount: null,
    used: '0.00',
    left: null,
    frees_at: null,
    pending: null,
  }));

const teamLevel = (level: number, people: number) => ({
  level,
  people,
  recharge: '0.00',
  bets: '0.00',
  withdrawals: '0.00',
  bonus: '0.00',
});

export const aPlayerReport = (fields: Partial<PlayerReport> = {}): PlayerReport => ({
  account: {
    id: 7,
    phone: '13800000007',
    username: 'alice_good',
    nickname: 'Alice',
    avatar: '',
    invite_code: 'K7Q2M9',
    inviter_id: 3,
    vip_level: 2,
    frozen_at: null,
    created_at: 1_790_000_000,
  },
  inviter: { id: 3, phone: '13800000003' },
  grants: { roles: ['test'], permissions: [] },
  balances: { wallet: '1234.50', game: '10.00', savings: '0.00', invest: '300.00', frozen: '0.00' },
  limits: {
    withdraw_single_max: '50000.00',
    withdraw_daily_count: 3,
    withdrawals_today: 1,
    withdrawals_left_today: 2,
    deposits_pending: 1,
    deposit_pending_max: 3,
    turnover_remaining: '120.00',
  },
  protection: {
    deposit_limits: [
      {
        period: 'day',
        amount: '100.00',
        used: '20.00',
        left: '80.00',
        frees_at: null,
        pending: null,
      },
      ...noLimits().slice(1),
    ],
    loss_limits: noLimits(),
    reality_check_mins: 60,
    exclusion: null,
    has_limits: true,
  },
  team: {
    invite_code: 'K7Q2M9',
    levels: [teamLevel(1, 4), teamLevel(2, 1), teamLevel(3, 0)],
    total: teamLevel(0, 5),
  },
  adjustments_waiting: [],
  entries: [
    {
      id: 90,
      account: 'wallet',
      kind: 'deposit',
      reference: 'deposit:30',
      memo: '',
      amount: '120.00',
      balance_after: '1234.50',
      created_at: 1_799_000_000,
    },
  ],
  logins: [
    {
      started_at: 1_800_000_000,
      address: '203.0.113.7',
      expires_at: 1_800_086_400,
      ended_at: 1_800_000_900,
    },
  ],
  bets: [
    {
      id: 501,
      order_no: 'B501',
      room: 'k3',
      game: 'k3',
      issue: '20270115001',
      option: 'big',
      amount: '10.00',
      odds: '1.98',
      status: 'settled',
      outcome: 'won',
      payout: '19.80',
      profit: '9.80',
      placed_at: 1_799_500_000,
      settled_at: 1_799_500_060,
    },
  ],
  may: { adjust: true, freeze: true, reset_password: true, manage_roles: true },
  adjust_second_approval_above: '0.00',
  ...fields,
});

export const anAdjustmentRequest = (
  fields: Partial<AdjustmentRequest> = {},
): AdjustmentRequest => ({
  id: 12,
  user_id: 7,
  credit: true,
  amount: '800.00',
  reason: 'Goodwill for the outage',
  requested_by: 'linh',
  requested_at: 1_800_000_100,
  decided_by: null,
  decided_at: null,
  outcome: null,
  ...fields,
});

export const aStaffMember = (fields: Partial<StaffSummary> = {}): StaffSummary => ({
  id: 21,
  name: 'linh',
  role: 'support',
  enrolled: true,
  disabled: false,
  disabled_reason: '',
  created_at: 1_795_000_000,
  ...fields,
});

export const aStaffPage = (
  list: StaffSummary[] = [
    aStaffMember(),
    aStaffMember({ id: 22, name: 'chi', role: 'admin' }),
    aStaffMember({
      id: 23,
      name: 'bao',
      role: 'finance',
      disabled: true,
      disabled_reason: 'left the company',
    }),
  ],
  roles: string[] = ['content', 'finance', 'support'],
): StaffPage => ({ list, roles });

/** The secret of `anEnrolment` (base32, 32 characters). */
export const ENROLMENT_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';

export const anEnrolment = (fields: Partial<Enrolment> = {}): Enrolment => ({
  user_id: 31,
  otpauth_uri: `otpauth://totp/fairhall:mai_support?secret=${ENROLMENT_SECRET}&issuer=fairhall&algorithm=SHA1&digits=6&period=30`,
  recovery_codes: Array.from({ length: 10 }, (_, index) => `rc${index}-abcd-efgh`),
  ...fields,
});
