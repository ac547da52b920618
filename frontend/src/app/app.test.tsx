// The real route table: guard, lazy pages, tab bar, not-found.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { activateLanguage } from '@/i18n/i18n';
import { DEFAULT_CONFIG, type AppConfig } from '@/lib/config';
import { homeKey } from '@/features/home/api/home-index';
import { clearSession, startSession } from '@/lib/session';
import { envelope, jsonResponse, mockFetch, receivingAccount } from '@/test/helpers';

const user = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: '',
  vip_level: 2,
  balance: '1234.5',
  game_balance: '0.00',
  frozen: '0.00',
  total_deposit: '0.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
};

/** The home call's reply for `player` (the same balances as its profile). */
const homeIndexOf = (player: typeof user) => ({
  now: 1_900_000_000,
  player: {
    nickname: player.nickname,
    username: player.username,
    phone: player.phone,
    avatar: player.avatar,
  },
  balances: {
    balance: player.balance,
    game_balance: player.game_balance,
    savings: '0.00',
    invest: '0.00',
    frozen: player.frozen,
  },
  entries: {
    games: [],
    products: { on_sale: 0, new: 0 },
    vip: { level: player.vip_level, next_level: null, upgrade_near: false },
    invite: { invite_code: player.invite_code, invitees: 0, joined_recently: 0 },
    signin: { offered: true, signed_today: true, streak: 1 },
    tasks: { open: 0, ready: 0 },
    envelopes: { waiting: 0 },
    activities: { new: 0 },
  },
  banners: [],
  announcements: [],
  unread: 0,
});

let config: AppConfig = DEFAULT_CONFIG;

const rechargeOptions = {
  currency: 'USDT',
  methods: ['bank'],
  min: '10.00',
  max: '1000000.00',
  accounts: [receivingAccount()],
  currencies: [{ code: 'VND', name: 'Dong', picture: '', rate: '25000' }],
  countries: [],
  voucher_max_bytes: 5242880,
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  config = DEFAULT_CONFIG;
  queryClient.clear();
  // Balances show at once (no count-up) for a reader who asks for less motion.
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
  );
  mockFetch((call) => {
    if (call.url.startsWith('api/index/config')) return jsonResponse(envelope(config));
    if (call.url.startsWith('api/personal/index')) return jsonResponse(envelope(user));
    if (call.url.startsWith('api/index/index')) return jsonResponse(envelope(homeIndexOf(user)));
    if (call.url.startsWith('api/customer/index'))
      return jsonResponse(
        envelope({
          support_url: config.support_url,
          telegram_url: config.telegram_url,
          links: [
            { channel: 'web', label: '', url: config.support_url },
            { channel: 'telegram', label: '', url: config.telegram_url },
          ].filter((link) => link.url !== ''),
          hours: '09:00-21:00',
          timezone: 'Asia/Ho_Chi_Minh',
          open_now: true,
        }),
      );
    if (call.url.startsWith('api/news/index'))
      return jsonResponse(envelope({ list: [], total: 0, page: 1, limit: 20 }));
    if (call.url.startsWith('api/personal/recharge_options'))
      return jsonResponse(envelope(rechargeOptions));
    if (call.url.startsWith('api/trend/index')) {
      return jsonResponse(
        envelope({
          region: 'canada',
          list: [
            {
              issue: '3300001',
              numbers: [],
              a: 1,
              b: 2,
              c: 3,
              sum: 6,
              tags: ['small', 'even', 'small_even', 'straight'],
            },
          ],
          counts: {},
          runs: [],
        }),
      );
    }
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('app routes', () => {
  it('sends a logged-out visitor of a guarded page to login', async () => {
    const router = renderAt('/pages/mine/index');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/login/index');
  });

  it('opens the register page with the invite code from the query string', async () => {
    renderAt('/pages/login/reg?invite=FRIEND7');
    expect(await screen.findByLabelText(/Invitation code/)).toHaveValue('FRIEND7');
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('asks for a verification code when the config requires one', async () => {
    config = { ...DEFAULT_CONFIG, require_code: true, require_invite: true };
    renderAt('/pages/login/reg');
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.getByText('Invitation code').parentElement).not.toHaveTextContent('optional');
  });

  it('shows home with greeting, balances and the tab bar when logged in', async () => {
    startSession('tok', user);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Hello, linh01' })).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('1,234.50');
    expect(screen.getByTestId('game-balance')).toHaveTextContent('0.00');
    const tabs = screen.getByRole('navigation');
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Market data', 'Mining', 'NYSE', 'Support']);
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: /^Financial Management/ })).toHaveAttribute(
      'href',
      '/pages/lc/yuebao',
    );
    expect(screen.getByRole('link', { name: /^Products/ })).toHaveAttribute(
      'href',
      '/pages/lc/goodlist',
    );
  });

  it('shows on every visit of home the balance the server has now', async () => {
    startSession('tok', user);
    const router = renderAt('/');
    await waitFor(() => expect(queryClient.getQueryState(homeKey)?.status).toBe('success'));
    expect(screen.getByTestId('balance')).toHaveTextContent('1,234.50');
    user.balance = '1240.00';
    try {
      // The support tab reads no home call; coming back must ask again.
      await router.navigate('/pages/yn28/customer');
      // Home is gone (the lazy support page has replaced it), so coming back mounts it anew.
      await waitFor(() => expect(screen.queryByTestId('balance')).toBeNull());
      await router.navigate('/');
      await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('1,240.00'));
    } finally {
      user.balance = '1234.5';
    }
  });

  it('sends a logged-in user away from the login page', async () => {
    startSession('tok', user);
    const router = renderAt('/pages/login/index');
    expect(await screen.findByRole('heading', { name: 'Hello, linh01' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/home/index');
  });

  it('shows the yn28 trend on tab 1; the mining tab shows currencies and rates', async () => {
    startSession('tok', user);
    renderAt('/pages/yn28/trend');
    expect(await screen.findByTestId('trend-row')).toHaveAttribute('data-issue', '3300001');
    await userEvent.click(
      within(screen.getByRole('navigation')).getByRole('link', { name: 'Mining' }),
    );
    expect(await screen.findByTestId('wallet-currency')).toHaveTextContent('USDT');
    expect(screen.getByTestId('rate-VND')).toHaveTextContent('1 USDT = 25,000 VND');
    // No USDT address configured: no QR code, and the deposit button opens the bank route.
    expect(screen.queryByTestId('usdt-qr')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit now' })).toHaveAttribute(
      'href',
      '/pages/mine/savings-account/index',
    );
  });

  it('lists only the configured support contacts', async () => {
    config = { ...DEFAULT_CONFIG, support_url: 'https://help.example.test/chat', telegram_url: '' };
    startSession('tok', user);
    renderAt('/pages/yn28/customer');
    const link = await screen.findByRole('link', { name: /Online support/ });
    expect(link).toHaveAttribute('href', 'https://help.example.test/chat');
    expect(screen.queryByRole('link', { name: /Telegram/ })).not.toBeInTheDocument();
  });

  it('says when no support contact is configured', async () => {
    startSession('tok', user);
    renderAt('/pages/yn28/customer');
    expect(await screen.findByText('No contact configured')).toBeInTheDocument();
  });

  it('leads from the customer tab to the news page', async () => {
    startSession('tok', user);
    renderAt('/pages/yn28/customer');
    await userEvent.click(await screen.findByRole('link', { name: /News/ }));
    expect(await screen.findByText('No news yet')).toBeInTheDocument();
  });

  it('shows the mine page with masked phone, VIP level and invite code', async () => {
    startSession('tok', user);
    renderAt('/pages/mine/index');
    expect(await screen.findByTestId('mine-name')).toHaveTextContent('linh01');
    expect(screen.getByTestId('mine-phone')).toHaveTextContent('138****0000');
    expect(screen.getAllByText('VIP 2')).toHaveLength(2);
    expect(screen.getByTestId('invite-code')).toHaveTextContent('AB12CD');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/pages/lc/goodlist',
    );
    expect(screen.getByRole('link', { name: 'Project Order' })).toHaveAttribute(
      'href',
      '/pages/lc/goodorder',
    );
  });

  it('leads from the mine page to every reward programme', async () => {
    startSession('tok', user);
    renderAt('/pages/mine/index');
    const rewards = await screen.findByRole('list', { name: 'Rewards' });
    const targets = within(rewards)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(targets).toEqual([
      '/pages/vip/index',
      '/pages/cc/task/sign',
      '/pages/cc/task/job',
      '/pages/cc/hong',
      '/pages/convidar/index',
      '/pages/buddy/index',
      '/pages/mine/backwater/index',
      '/pages/first-storage/index',
      '/pages/return-cash/index',
    ]);
    expect(within(rewards).getByRole('link', { name: /VIP level/ })).toHaveTextContent('VIP 2');
  });

  it('shows a not-found view with a link home for unknown paths', async () => {
    startSession('tok', user);
    renderAt('/pages/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute(
      'href',
      '/pages/home/index',
    );
  });
});
