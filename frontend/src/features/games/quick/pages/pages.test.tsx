// The game pages as a player meets them, against a server mocked at fetch. The app provides the
// draw-fairness view of games/fair through the fairness slot; here a stand-in records what it gets.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '@/components/dialog-host';
import { ToastHost } from '@/components/toast-host';
import { GAME_INFO, GAMES } from '@/features/games/quick/games';
import { Component as IndexPage } from '@/features/games/quick/pages/index-page';
import { Component as OpenPage } from '@/features/games/quick/pages/open-page';
import { Component as OrderPage } from '@/features/games/quick/pages/order-page';
import { fairnessLayout, type DrawFairnessProps } from '@/features/games/parts/fairness-slot';
import { oddsFixture } from '@/features/games/quick/test-fixtures';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, routeFetch, type Answer, type FetchCall } from '@/test/helpers';

function FakeFairness(props: DrawFairnessProps) {
  return (
    <section data-testid="draw-fairness">
      {props.room} {props.issue} {props.seed} {props.previous} {props.commitment}
    </section>
  );
}

const PAGES = { index: IndexPage, order: OrderPage, open: OpenPage };

const user = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: '',
  vip_level: 0,
  balance: '80.00',
  game_balance: '500.00',
  total_deposit: '100.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
  real_name: '',
  email: '',
  tax_number: '',
  fund_password_set: true,
  bank_card_bound: false,
  frozen: '0.00',
};

const nowSecs = () => Math.floor(Date.now() / 1000);
const roomIndex = (room: string, game: string, overrides: Record<string, unknown> = {}) => ({
  room,
  game,
  issue: '202611220002',
  close_at: nowSecs() + 50,
  draw_at: nowSecs() + 60,
  now: nowSecs(),
  period_secs: 60,
  close_secs: 10,
  is_open: true,
  last: { issue: '202611220001', values: { game, result: game === 'k3' ? [3, 1, 6] : 0 } },
  ...overrides,
});

let answers: Record<string, Answer>;
let calls: FetchCall[];

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const children = GAMES.flatMap((game) =>
    Object.entries(GAME_INFO[game].pages).map(([kind, pagePath]) => ({
      path: pagePath,
      Component: PAGES[kind as keyof typeof PAGES],
    })),
  );
  const router = createMemoryRouter([{ Component: fairnessLayout(FakeFairness), children }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <DialogHost />
      <ToastHost />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  user.game_balance = '500.00';
  vi.stubGlobal('EventSource', undefined);
  answers = {
    'api/personal/index': () => ({ ...user }),
    'api/roominfo/index': () => roomIndex('k3', 'k3'),
    'api/roominfo/odds': (call) =>
      oddsFixture(
        new URL(call.url, 'http://x').searchParams.get('room') === 'k3' ? 'k3' : 'rgb',
        'rgb3',
      ),
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', user);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('K3 play page', () => {
  it('shows the period, the latest result and every option with its odds', async () => {
    renderAt('/pages/cc/k3/index');
    // The first render loads the lazy chunks: allow it more than the default second.
    const latest = await screen.findByTestId('latest-result', undefined, { timeout: 5000 });
    expect(latest).toHaveAttribute('data-issue', '202611220001');
    expect(within(latest).getByRole('img')).toHaveAccessibleName('Issue 202611220001: 3, 1, 6');
    expect(within(latest).getByText('Sum 10')).toBeInTheDocument();
    expect(screen.getByTestId('current-issue')).toHaveTextContent('Issue 202611220002');
    expect(screen.getByTestId('countdown-close').textContent).toMatch(/^0:(49|50)$/);
    expect(
      screen
        .getAllByRole('button', { pressed: false })
        .filter((button) => button.dataset.testid?.startsWith('option-')),
    ).toHaveLength(105);
    // The visible "2·2·5 ×1.95" starts the name (WCAG 2.5.3), the full label follows.
    expect(screen.getByTestId('option-pair_2_single_5')).toHaveAccessibleName(
      '2·2·5 ×1.95, Pair 2 + single 5',
    );
    expect(screen.getByTestId('option-big')).toHaveAccessibleName('Big ×1.95');
    expect(screen.getByTestId('game-balance')).toHaveTextContent('500.00');
    expect(screen.getByRole('link', { name: 'Transfer' })).toHaveAttribute(
      'href',
      '/pages/conversion/index',
    );
  });

  it('places a bet after "sure to follow the order?", reusing the Idempotency-Key on a retry', async () => {
    let attempts = 0;
    answers['api/rooms/betting'] = () => {
      attempts += 1;
      if (attempts === 1)
        return jsonResponse({ code: 0, msg: 'Network hiccup', err: 'internal_retry', data: null });
      user.game_balance = '400.00';
      return {
        order_no: 'B20261122000042',
        issue: '202611220002',
        game_balance: '400.00',
        bets: [],
      };
    };
    renderAt('/pages/cc/k3/index');
    await userEvent.click(await screen.findByTestId('option-big'));
    await userEvent.click(screen.getByTestId('option-sum_4'));
    await userEvent.click(screen.getByTestId('chip-50'));
    expect(screen.getByTestId('option-big')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('bet-total')).toHaveTextContent('100.00');
    expect(screen.queryByTestId('bet-fee')).not.toBeInTheDocument();

    const place = async () => {
      await userEvent.click(screen.getByTestId('bet-confirm'));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Sure to follow the order?');
      expect(dialog).toHaveTextContent('2 options on issue 202611220002, total 100.00.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Place bet' }));
    };
    await place();
    await waitFor(() => expect(attempts).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 550)); // the button's 500 ms throttle
    await place();
    await waitFor(() => expect(screen.getByTestId('game-balance')).toHaveTextContent('400.00'));
    expect(await screen.findByText('Bet placed: order B20261122000042')).toBeInTheDocument();

    const bets = calls.filter((call) => call.url === 'api/rooms/betting');
    expect(bets).toHaveLength(2);
    expect(bets[0]!.body).toEqual({
      room: 'k3',
      issue: '202611220002',
      bets: [
        { option: 'big', amount: '50.00' },
        { option: 'sum_4', amount: '50.00' },
      ],
    });
    const key = bets[0]!.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(bets[1]!.headers['Idempotency-Key']).toBe(key);
    // The slip is empty again after the success.
    expect(screen.getByTestId('option-big')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('bet-confirm')).toBeDisabled();
  });

  it('asks "sure to leave?" before leaving with options chosen but not placed', async () => {
    answers['api/personal/betting_record'] = () => ({ list: [], total: 0 });
    renderAt('/pages/cc/k3/index');
    await userEvent.click(await screen.findByTestId('option-big'));
    await userEvent.click(screen.getByTestId('nav-order'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sure to leave?' });
    expect(dialog).toHaveTextContent('The options you chose have not been placed yet.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('option-big')).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByTestId('nav-order'));
    const again = await screen.findByRole('alertdialog', { name: 'Sure to leave?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByTestId('option-big')).not.toBeInTheDocument());
  });

  it('shows the closed state between betting close and the draw', async () => {
    answers['api/roominfo/index'] = () =>
      roomIndex('k3', 'k3', { close_at: nowSecs() - 1, draw_at: nowSecs() + 9 });
    renderAt('/pages/cc/k3/index');
    expect(await screen.findByTestId('countdown-close')).toHaveTextContent('Closed');
    expect(screen.getByTestId('period-closed')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('option-odd'));
    expect(screen.getByTestId('bet-problem')).toHaveTextContent('Betting is closed for this issue');
    expect(screen.getByTestId('bet-confirm')).toBeDisabled();
  });

  it('lists every option code with what wins and its odds in the rules', async () => {
    renderAt('/pages/cc/k3/index');
    const rules = await screen.findByTestId('rules');
    await userEvent.click(within(rules).getByText('Rules and odds'));
    const rows = rules.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(105);
    const straight = rules.querySelector('tr[data-code="straight"]')!;
    expect(straight).toHaveTextContent('Three consecutive faces: 1-2-3, 2-3-4, 3-4-5 or 4-5-6');
    expect(straight).toHaveTextContent('1.95');
  });
});

describe('latest result', () => {
  it('asks for the proof of the latest draw only when the player opens it', async () => {
    answers['api/fair/draw'] = () => ({
      room: 'k3',
      issue: '202611220001',
      seed: '12'.repeat(32),
      previous: '34'.repeat(32),
      commitment: '56'.repeat(32),
      values: { game: 'k3', result: [3, 1, 6] },
    });
    renderAt('/pages/cc/k3/index');
    const latest = await screen.findByTestId('latest-result', undefined, { timeout: 5000 });
    expect(calls.some((call) => call.url.startsWith('api/fair/draw'))).toBe(false);
    await userEvent.click(within(latest).getByRole('button', { name: 'Verify this draw' }));
    expect(await within(latest).findByTestId('draw-fairness')).toHaveTextContent(
      `k3 202611220001 ${'12'.repeat(32)}`,
    );
    expect(calls.filter((call) => call.url.startsWith('api/fair/draw'))).toEqual([
      expect.objectContaining({ url: 'api/fair/draw?room=k3&issue=202611220001' }),
    ]);
    expect(within(latest).getByRole('button', { name: 'Hide verification' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

describe('RGB play page', () => {
  it('opens the room of the query and shows the service fee before confirming', async () => {
    answers['api/roominfo/index'] = (call) =>
      roomIndex(new URL(call.url, 'http://x').searchParams.get('room') ?? '', 'rgb');
    renderAt('/pages/cc/rgb/index?room=rgb3');
    await screen.findByTestId('latest-result');
    expect(calls.some((call) => call.url === 'api/roominfo/index?room=rgb3')).toBe(true);
    expect(screen.getByRole('radio', { name: '3 min' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByTestId('option-red'));
    await userEvent.click(screen.getByTestId('option-num_5'));
    await userEvent.clear(screen.getByTestId('bet-amount'));
    await userEvent.type(screen.getByTestId('bet-amount'), '1.49');
    expect(screen.getByTestId('bet-total')).toHaveTextContent('2.98');
    expect(screen.getByTestId('bet-fee')).toHaveTextContent('0.06');
    expect(screen.getByTestId('bet-net')).toHaveTextContent('2.92');
    expect(screen.getByText('Service fee 2%')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('bet-confirm'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'A service fee of 0.06 is taken first; 2.92 plays.',
    );
  });
});

describe('order and open pages', () => {
  it("lists the player's bets with label, code, status and profit", async () => {
    answers['api/personal/betting_record'] = () => ({
      list: [
        {
          id: 2,
          order_no: 'B2',
          room: 'k3',
          game: 'k3',
          issue: '202611220001',
          option: 'big',
          amount: '10.00',
          odds: '1.95',
          status: 'lost',
          outcome: 'lose',
          payout: '0.00',
          profit: '-10.00',
          placed_at: 1_763_800_000,
          settled_at: 1_763_800_060,
          result: { game: 'k3', result: [3, 1, 6] },
        },
        {
          id: 1,
          order_no: 'B1',
          room: 'k3',
          game: 'k3',
          issue: '202611220001',
          option: 'sum_10',
          amount: '10.00',
          odds: '7',
          status: 'won',
          outcome: 'win',
          payout: '70.00',
          profit: '60.00',
          placed_at: 1_763_800_000,
          settled_at: 1_763_800_060,
          result: { game: 'k3', result: [3, 1, 6] },
        },
      ],
      total: 2,
      page: 1,
      limit: 20,
    });
    renderAt('/pages/cc/k3/order');
    const records = await screen.findAllByTestId('bet-record');
    expect(records).toHaveLength(2);
    expect(records[0]).toHaveTextContent('Big');
    expect(records[0]).toHaveTextContent('Lost');
    expect(records[0]).toHaveTextContent('-10.00');
    expect(records[1]).toHaveTextContent('Sum 10 sum_10');
    expect(records[1]).toHaveTextContent('+60.00');
    expect(records[1]).toHaveTextContent('Order B1');
    expect(
      calls.some((call) =>
        call.url.startsWith('api/personal/betting_record?game=k3&page=1&limit=20'),
      ),
    ).toBe(true);
  });

  it('draws the history and opens the proof of a draw', async () => {
    answers['api/roominfo/history'] = () => ({
      list: [
        {
          issue: '202611220001',
          values: { game: 'k3', result: [3, 1, 6] },
          seed: 'ab'.repeat(32),
          previous: 'cd'.repeat(32),
          commitment: 'ef'.repeat(32),
          drawn_at: 1_763_800_060,
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    });
    renderAt('/pages/cc/k3/open');
    const row = await screen.findByTestId('draw-row');
    expect(row).toHaveAttribute('data-issue', '202611220001');
    expect(within(row).getByRole('img')).toHaveAccessibleName('Issue 202611220001: 3, 1, 6');
    await userEvent.click(within(row).getByRole('button', { name: 'Verify this draw' }));
    expect(await within(row).findByTestId('draw-fairness')).toHaveTextContent(
      `k3 202611220001 ${'ab'.repeat(32)} ${'cd'.repeat(32)} ${'ef'.repeat(32)}`,
    );
  });
});
