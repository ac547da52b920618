// The VIP, first-deposit and cashback screens reached through the real route table: the VIP
// level with a progress bar per condition and the level table, the first-deposit bonus's tiers
// above a deposit form that still works, and the cashback tiers with the player's history.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { activateLanguage } from '@/i18n/i18n';
import { DEFAULT_CONFIG } from '@/lib/config';
import { clearSession, startSession } from '@/lib/session';
import {
  envelope,
  jsonResponse,
  mockFetch,
  receivingAccount,
  type FetchCall,
} from '@/test/helpers';

const user = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: '',
  vip_level: 1,
  balance: '80.00',
  game_balance: '5.00',
  frozen: '0.00',
  total_deposit: '1200.00',
  betting_points: '3500.50',
  invite_code: 'AB12CD',
  real_name: '',
  email: '',
  tax_number: '',
  fund_password_set: true,
  bank_card_bound: false,
};

const level = (n: number, deposit: string, betting: string, reward: string, bp: number) => ({
  level: n,
  total_deposit: deposit,
  betting_points: betting,
  upgrade_reward: reward,
  withdraw_single_max: `${50000 + n * 5000}.00`,
  withdraw_daily_count: 3 + n,
  deposit_reward_bp: bp,
});

const VIP = {
  level: 1,
  total_deposit: '1200.00',
  betting_points: '3500.50',
  next: { level: 2, deposit_needed: '3800.00', betting_needed: '11499.50' },
  reached: [1],
  levels: [
    level(0, '0.00', '0.00', '0.00', 0),
    level(1, '1000.00', '3000.00', '8.00', 50),
    level(2, '5000.00', '15000.00', '28.00', 80),
  ],
};

const TIERS = [
  { min_amount: '100.00', rate_bp: 1000, cap: '30.00' },
  { min_amount: '500.00', rate_bp: 1500, cap: '150.00' },
];

const OPTIONS = {
  currency: 'USDT',
  methods: ['bank'],
  min: '10.00',
  max: '1000000.00',
  accounts: [receivingAccount()],
  currencies: [{ code: 'USDT', name: 'Tether USD', picture: '', rate: '1' }],
  countries: [],
  voucher_max_bytes: 5242880,
};

/** Lazy pages load their chunks first (slow on a cold transform). */
const LAZY = { timeout: 8000 };

let answers: Record<string, unknown> = {};
let calls: FetchCall[] = [];

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  queryClient.clear();
  answers = {};
  ({ calls } = mockFetch((call) => {
    if (call.url.startsWith('api/index/config')) return jsonResponse(envelope(DEFAULT_CONFIG));
    if (call.url.startsWith('api/personal/index')) return jsonResponse(envelope(user));
    const path = call.url.split('?')[0] ?? '';
    if (path in answers) return jsonResponse(envelope(answers[path]));
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  }));
  startSession('tok', user);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('VIP page', () => {
  it('shows the level, a progress bar per condition with what is still needed, and every level', async () => {
    answers['api/vip/index'] = VIP;
    renderAt('/pages/vip/index');

    expect(await screen.findByTestId('vip-current', {}, LAZY)).toHaveTextContent('VIP 1');
    expect(screen.getByTestId('vip-deposit-needed-bar')).toHaveStyle({ width: '24%' });
    expect(screen.getByTestId('vip-betting-needed-bar')).toHaveStyle({ width: '23%' });
    expect(screen.getByTestId('vip-deposit-needed')).toHaveTextContent('Still needed: 3,800.00');
    expect(screen.getByTestId('vip-betting-needed')).toHaveTextContent('11,499.50');
    expect(screen.getByTestId('vip-single-max')).toHaveTextContent('55,000.00');
    expect(screen.getByTestId('vip-daily-count')).toHaveTextContent('4');
    const rows = within(screen.getByTestId('vip-levels')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    expect(rows[2]).toHaveTextContent('VIP 11,000.003,000.008.0055,000.0040.5 %');
  });

  it('says so at the top level and shows no progress', async () => {
    answers['api/vip/index'] = { ...VIP, level: 2, next: null, reached: [1, 2] };
    renderAt('/pages/vip/index');

    expect(
      await screen.findByText('You have reached the top level.', {}, LAZY),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('vip-deposit-needed-bar')).toBeNull();
  });
});

describe('first-deposit page', () => {
  it('shows the tiers and the eligibility above a usable deposit form', async () => {
    answers['api/bonus/first-deposit'] = { tiers: TIERS, eligible: true, bonus: null };
    answers['api/personal/recharge_options'] = OPTIONS;
    answers['api/personal/recharge'] = { id: 9, status: 'pending', amount: '500.00' };
    renderAt('/pages/first-storage/index');

    const rules = await screen.findByTestId('first-deposit-rules', {}, LAZY);
    expect(rules).toHaveTextContent('Your first deposit earns a bonus');
    expect(rules).toHaveTextContent('deposit at least 100.00');
    const tiers = within(rules).getAllByRole('row');
    expect(tiers[2]).toHaveTextContent('From 500.0015 %150.00');
    await userEvent.type(screen.getByLabelText(/^Amount/), '500');
    expect(screen.getByRole('button', { name: 'Submit deposit' })).toBeEnabled();
  });

  it('shows the bonus received, or that the first deposit is used', async () => {
    answers['api/personal/recharge_options'] = OPTIONS;
    const bonus = {
      programme: 'first_deposit',
      deposit_id: 4,
      deposit_amount: '300.00',
      rate_bp: 1000,
      amount: '30.00',
      released: '12.50',
      paid_at: 1,
    };
    answers['api/bonus/first-deposit'] = { tiers: TIERS, eligible: false, bonus };
    renderAt('/pages/first-storage/index');
    expect(
      await screen.findByText('Your first deposit earned 30.00.', {}, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByTestId('first-deposit-released')).toHaveTextContent(
      'Released to your balance: 12.50 of 30.00.',
    );
  });

  it('tells a player whose first deposit was below every tier', async () => {
    answers['api/personal/recharge_options'] = OPTIONS;
    answers['api/bonus/first-deposit'] = { tiers: TIERS, eligible: false, bonus: null };
    renderAt('/pages/first-storage/index');
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(
      'First deposit already made',
    );
  });
});

describe('cashback page', () => {
  it('shows the tiers, the daily cap, today and the history', async () => {
    answers['api/bonus/cashback'] = { tiers: TIERS, daily_cap: '1000.00', paid_today: '20.00' };
    answers['api/bonus/cashback-records'] = {
      list: [
        {
          programme: 'cashback',
          deposit_id: 12,
          deposit_amount: '1000.00',
          rate_bp: 200,
          amount: '20.00',
          released: '5.00',
          paid_at: Math.floor(Date.now() / 1000) - 60,
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    };
    renderAt('/pages/return-cash/index');

    expect(await screen.findByTestId('cashback-today', {}, LAZY)).toHaveTextContent('20.00');
    expect(within(screen.getByTestId('bonus-tiers')).getAllByRole('row')).toHaveLength(3);
    const record = await screen.findByTestId('cashback-record');
    expect(record).toHaveTextContent('+20.00');
    expect(record).toHaveTextContent('1,000.00');
    expect(record).toHaveTextContent('2 %');
    expect(within(record).getByTestId('cashback-released')).toHaveTextContent('5.00');
    expect(calls.some((call) => call.url === 'api/bonus/cashback-records?page=1&limit=20')).toBe(
      true,
    );
  });

  it('shows an empty history with a way to deposit', async () => {
    answers['api/bonus/cashback'] = { tiers: TIERS, daily_cap: '1000.00', paid_today: '0.00' };
    answers['api/bonus/cashback-records'] = { list: [], total: 0, page: 1, limit: 20 };
    renderAt('/pages/return-cash/index');
    expect(await screen.findByText('No cashback yet', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/pages/mine/savings-account/index',
    );
  });
});
