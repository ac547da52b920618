// Wallet and personal-centre screens reached through the real route table.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { activateLanguage } from '@/i18n/i18n';
import { DEFAULT_CONFIG } from '@/lib/config';
import { clearSession, startSession } from '@/lib/session';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

const user = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: 'media/avatars/a1.png',
  vip_level: 0,
  balance: '80.00',
  game_balance: '5.00',
  frozen: '20.00',
  total_deposit: '100.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
  real_name: 'Nguyen Van An',
  email: '',
  tax_number: '',
  fund_password_set: true,
  bank_card_bound: true,
};
const address = (id: number) => ({
  id,
  type: 'TRC20',
  address: `TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5${id}`,
  remark: '',
  created_at: 1,
});

const PENDING_BONUS = {
  pending: '96.00',
  released: '4.00',
  expected_win_needed: '96.00',
  release_percent: 100,
  stake_at_most: '10800.00',
};

/** Lazy pages and slot views load their chunks first (slow on a cold transform). */
const LAZY = { timeout: 8000 };

let answers: Record<string, unknown> = {};

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  queryClient.clear();
  answers = {};
  mockFetch((call) => {
    if (call.url.startsWith('api/index/config')) return jsonResponse(envelope(DEFAULT_CONFIG));
    if (call.url.startsWith('api/personal/index')) return jsonResponse(envelope(user));
    const path = call.url.split('?')[0] ?? '';
    if (path in answers) return jsonResponse(envelope(answers[path]));
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
  startSession('tok', user);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('wallet routes', () => {
  it('the account overview shows the frozen balance from the profile', async () => {
    renderAt('/pages/mine/account/index');
    await waitFor(() => expect(screen.getByTestId('account-frozen')).toHaveTextContent('20.00'));
    expect(screen.getByTestId('account-balance')).toHaveTextContent('80.00');
    expect(screen.getByText(/withdrawals awaiting payout/)).toBeInTheDocument();
  });

  it('shows the deposit bonuses waiting for play on the account overview', async () => {
    answers['api/bonus/pending'] = PENDING_BONUS;
    renderAt('/pages/mine/account/index');
    expect(await screen.findByTestId('bonus-pending-amount', {}, LAZY)).toHaveTextContent('96.00');
    expect(screen.getByRole('heading', { name: 'Bonus waiting for play' })).toBeInTheDocument();
    expect(screen.getByTestId('account-balance')).toHaveTextContent('80.00');
  });

  it('shows the deposit bonuses waiting for play beside the withdrawable balance', async () => {
    answers['api/bonus/pending'] = { ...PENDING_BONUS, stake_at_most: null };
    answers['api/personal/withdraw'] = {
      balance: '80.00',
      turnover_remaining: '0.00',
      min: '10.00',
      max: '100000.00',
      single_max: '50000.00',
      vip_level: 0,
      daily_count: 3,
      used_today: 0,
      left_today: 3,
      fee_bp: 150,
      small_below: '1.00',
      small_fee: '1.00',
      quote: null,
      pending: [],
      now: 1_795_334_400,
    };
    answers['api/personal/bankcard'] = null;
    answers['api/personal/usdtlist'] = [address(1)];
    renderAt('/pages/yn28/info/withdraw');
    expect(await screen.findByTestId('bonus-pending-amount', {}, LAZY)).toHaveTextContent('96.00');
    expect(screen.getByTestId('withdraw-balance')).toHaveTextContent('80.00');
    expect(screen.getByTestId('bonus-pending')).toHaveTextContent('neither staked nor withdrawn');
  });

  it('links the account overview to the investment records, which open on the investment tab', async () => {
    answers['api/goods/orders'] = { list: [], total: 0, page: 1, limit: 20 };
    renderAt('/pages/mine/account/index');
    const link = await screen.findByRole('link', { name: 'Investment records' });
    expect(link).toHaveAttribute('href', '/pages/yn28/info/investmentrecord');
    await userEvent.click(link);
    expect(await screen.findByText('No investments yet')).toBeInTheDocument();
  });

  it('lists at most 2 USDT addresses and hides the add button at 2', async () => {
    answers['api/personal/usdtlist'] = [address(1), address(2)];
    renderAt('/pages/yn28/info/usdtaddressmanagement');
    expect(await screen.findAllByTestId('usdt-address-item')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Add USDT address' })).not.toBeInTheDocument();
    expect(screen.getByText('You have added the maximum of 2 USDT addresses.')).toBeInTheDocument();
  });

  it('offers the add button below 2 addresses', async () => {
    answers['api/personal/usdtlist'] = [address(1)];
    renderAt('/pages/yn28/info/usdtaddressmanagement');
    expect(await screen.findByRole('link', { name: 'Add USDT address' })).toHaveAttribute(
      'href',
      '/pages/yn28/info/addusdt',
    );
  });

  it('shows an empty bank card state with the way to link one', async () => {
    answers['api/personal/bankcard'] = null;
    renderAt('/pages/bind/list');
    expect(await screen.findByText('No bank card linked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link a bank card' })).toHaveAttribute(
      'href',
      '/pages/yn28/info/addbank',
    );
  });

  it('asks for the old fund password once one is set', async () => {
    renderAt('/pages/mine/passwordsave');
    expect(await screen.findByLabelText('Current fund password')).toBeInTheDocument();
    expect(screen.getByLabelText('New fund password')).toBeInTheDocument();
  });

  it('keeps the real name read-only once a bank card is linked', async () => {
    renderAt('/pages/mine/setuserinfo');
    expect(await screen.findByLabelText('Real name')).toHaveAttribute('readonly');
    expect(
      screen.getByText('Your real name is fixed because a bank card is linked to it.'),
    ).toBeInTheDocument();
  });
});
