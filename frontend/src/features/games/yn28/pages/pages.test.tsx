// The trading hall pages against mocked fetch answering like docs/api-contract-games.md. The app
// provides the draw-fairness view of games/fair through the fairness slot; here a stand-in
// records what it gets.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_THROTTLE_MS } from '@/components/button';
import { DialogHost } from '@/components/dialog-host';
import { fairnessLayout, type DrawFairnessProps } from '@/features/games/parts/fairness-slot';
import { ToastHost } from '@/components/toast-host';
import { Component as RoomInfoPage } from '@/features/games/yn28/pages/roominfo-page';
import { Component as TradePage } from '@/features/games/yn28/pages/trade-page';
import { Component as TrendPage } from '@/features/games/yn28/pages/trend-page';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, routeFetch, type Answer, type FetchCall } from '@/test/helpers';
import { FakeEventSource } from '@/features/games/live/fake-event-source';

function FakeFairness(props: DrawFairnessProps) {
  return (
    <section data-testid="draw-fairness">
      {props.room} {props.issue} {props.seed} {props.previous} {props.commitment}
    </section>
  );
}

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
const last = {
  issue: '3300001',
  values: { game: 'yn28', result: { region: 'canada', numbers: [5, 7, 8, 11], digits: [0, 5, 8] } },
};
const tierRoom = (tier: string, entry: string, extra: Record<string, unknown> = {}) => ({
  room: `canada_${tier}`,
  tier,
  entry_min: entry,
  is_open: true,
  online: 3,
  min_bet: '10.00',
  max_user: '5000.00',
  max_total: '100000.00',
  can_enter: true,
  ...extra,
});
const hall = {
  region: 'canada',
  issue: '3300002',
  close_at: nowSecs() + 150,
  draw_at: nowSecs() + 210,
  now: nowSecs(),
  period_secs: 210,
  last,
  rooms: [
    tierRoom('ordinary', '0.00'),
    tierRoom('vip', '1000.00', { online: 7, can_enter: false }),
    tierRoom('diamond', '5000.00'),
    tierRoom('supreme', '20000.00'),
  ],
};
const roomIndex = (room: string) => ({
  room,
  game: 'yn28',
  issue: '3300002',
  close_at: nowSecs() + 150,
  draw_at: nowSecs() + 210,
  now: nowSecs(),
  period_secs: 210,
  close_secs: 60,
  is_open: true,
  last,
});
const opt = (option: string, odds: string) => ({
  option,
  odds,
  min_bet: '10.00',
  max_user: '5000.00',
  max_total: '100000.00',
});
const odds = {
  room: 'canada_vip',
  game: 'yn28',
  rule_version: 1,
  service_fee_bp: 0,
  entry_min: '1000.00',
  rules: {
    special_rules: [
      {
        options: ['big', 'small', 'odd', 'even'],
        sums: [13, 14],
        patterns: [],
        action: { reduced_odds: '1.6' },
        stake_min: null,
      },
    ],
  },
  options: [
    opt('big', '2.0'),
    opt('small', '2.0'),
    opt('odd', '2.0'),
    opt('even', '2.0'),
    opt('small_odd', '4.6'),
    opt('leopard', '88'),
    opt('sum_13', '13.2'),
  ],
};

let answers: Record<string, Answer>;
let calls: FetchCall[];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const withWhere = (Page: () => React.JSX.Element) => () => (
    <>
      <Page />
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        Component: fairnessLayout(FakeFairness),
        children: [
          { path: '/pages/yn28/game/roominfo', Component: withWhere(RoomInfoPage) },
          { path: '/pages/yn28/game/usdt', Component: withWhere(TradePage) },
          { path: '/pages/yn28/trend', Component: withWhere(TrendPage) },
        ],
      },
    ],
    { initialEntries: [path] },
  );
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

const fairDraw = (room: string, issue: string) => ({
  room,
  issue,
  seed: '12'.repeat(32),
  previous: '34'.repeat(32),
  commitment: '56'.repeat(32),
  values: last.values,
});
const fairCalls = () =>
  calls.filter((call) => call.url.startsWith('api/fair/draw')).map((call) => call.url);

beforeEach(() => {
  vi.stubGlobal('EventSource', undefined);
  FakeEventSource.opened = [];
  answers = {
    'api/personal/index': () => ({ ...user }),
    'api/rooms/canada': () => hall,
    'api/rooms/usa': () => ({
      ...hall,
      region: 'usa',
      rooms: hall.rooms.map((room) => ({ ...room, room: room.room.replace('canada', 'usa') })),
    }),
    'api/roominfo/index': (call) =>
      roomIndex(new URL(call.url, 'http://x').searchParams.get('room') ?? ''),
    'api/roominfo/odds': () => odds,
    'api/personal/betting_record': () => ({ list: [], total: 0, page: 1, limit: 50 }),
    'api/trend/index': () => ({ region: 'canada', list: [], counts: {}, runs: [] }),
    'api/live/ticket': () => ({ ticket: 'tk1', expires_at: nowSecs() + 30 }),
    'api/fair/draw': (call) => {
      const params = new URL(call.url, 'http://x').searchParams;
      return fairDraw(params.get('room') ?? '', params.get('issue') ?? '');
    },
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', user);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('trading hall', () => {
  it('lists the region tier rooms and switches region', async () => {
    renderAt('/pages/yn28/game/roominfo');
    const vip = await screen.findByTestId('room-canada_vip', undefined, { timeout: 5000 });
    expect(vip).toHaveTextContent('VIP room');
    expect(vip).toHaveTextContent('7 online');
    expect(vip).toHaveTextContent('1,000.00');
    expect(vip).toHaveTextContent('Balance too low to enter');
    expect(screen.getByTestId('hall-issue')).toHaveTextContent('3300002');
    expect(screen.getByTestId('countdown').textContent).toMatch(/2:(29|30)/);
    expect(screen.getByTestId('latest-result')).toHaveAttribute('data-issue', '3300001');
    expect(screen.getByTestId('latest-result')).toHaveTextContent('Short');
    await userEvent.click(screen.getByTestId('region-usa'));
    expect(await screen.findByTestId('room-usa_supreme')).toBeInTheDocument();
    expect(screen.getByTestId('region-usa')).toHaveAttribute('aria-selected', 'true');
  });

  it('follows the live stream of the region ordinary room for the period and the latest result', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderAt('/pages/yn28/game/roominfo?region=usa');
    expect(
      await screen.findByTestId('room-usa_vip', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0]!;
    expect(stream.url).toBe('api/live?room=usa_ordinary&ticket=tk1');
    const hallAsked = calls.filter((call) => call.url.startsWith('api/rooms/usa')).length;

    const next = {
      issue: '3300002',
      values: { game: 'yn28', result: { region: 'usa', numbers: [1, 2, 3], digits: [9, 9, 1] } },
    };
    act(() =>
      stream.send({
        room: 'usa_ordinary',
        issue: '3300003',
        close_at: nowSecs() + 40,
        draw_at: nowSecs() + 100,
        now: nowSecs(),
        last: next,
        game_balance: null,
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('hall-issue')).toHaveAttribute('data-issue', '3300003'),
    );
    expect(screen.getByTestId('hall-issue')).toHaveTextContent('3300003');
    expect(screen.getByTestId('countdown').textContent).toMatch(/0:(39|40)/);
    const latest = screen.getByTestId('latest-result');
    expect(latest).toHaveAttribute('data-issue', '3300002');
    expect(within(latest).getByTestId('result-sum')).toHaveTextContent('991=19');
    // The live event moved the period without asking the hall again (its list polls slowly).
    expect(calls.filter((call) => call.url.startsWith('api/rooms/usa')).length).toBe(hallAsked);
    expect(calls.some((call) => call.url.startsWith('api/roominfo/index?room=usa_ordinary'))).toBe(
      true,
    );

    // The latest result of the hall is verifiable through the ordinary room.
    await userEvent.click(within(latest).getByTestId('verify-toggle'));
    expect(await within(latest).findByTestId('draw-fairness')).toHaveTextContent(
      'usa_ordinary 3300002',
    );
    expect(fairCalls()).toEqual(['api/fair/draw?room=usa_ordinary&issue=3300002']);
  });

  it('enters a room and opens it; a refusal shows the server message', async () => {
    answers['api/rooms/enter'] = (call) => {
      const body = call.body as { room: string };
      if (body.room === 'canada_supreme')
        return jsonResponse({
          code: 0,
          msg: 'insufficient balance to enter the room',
          err: 'room_balance_too_low',
          data: null,
        });
      return { room: body.room, game_balance: '500.00' };
    };
    renderAt('/pages/yn28/game/roominfo');
    await userEvent.click(
      await screen.findByTestId('room-canada_supreme', undefined, { timeout: 5000 }),
    );
    expect(await screen.findByText('insufficient balance to enter the room')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/yn28/game/roominfo');
    await userEvent.click(screen.getByTestId('room-canada_vip'));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        '/pages/yn28/game/roominfo?room=canada_vip',
      ),
    );
    expect(await screen.findByTestId('current-issue')).toHaveAttribute('data-issue', '3300002');
  });
});

describe('tier room', () => {
  it('shows the result, odds, special rules, and places a bet with an Idempotency-Key', async () => {
    answers['api/rooms/betting'] = () => ({
      order_no: 'B1',
      issue: '3300002',
      game_balance: '480.00',
      bets: [],
    });
    renderAt('/pages/yn28/game/roominfo?room=canada_vip');
    const latest = await screen.findByTestId('latest-result', undefined, { timeout: 5000 });
    expect(within(latest).getByTestId('result-sum')).toHaveTextContent('058=13');
    expect(latest).toHaveTextContent('Small odd');
    expect(latest).toHaveTextContent('Short');
    expect(screen.getByTestId('option-small_odd')).toHaveAccessibleName('Small odd ×4.6');
    expect(screen.getByTestId('option-big')).toHaveAccessibleName('Long ×2.0');
    expect(screen.getByTestId('special-rules')).toHaveTextContent(
      'When the result is 13, 14: winning Long, Short, Odd, Even pay 1.6.',
    );
    expect(screen.getByTestId('to-trade')).toHaveAttribute(
      'href',
      '/pages/yn28/game/usdt?room=canada_vip',
    );
    await userEvent.click(screen.getByTestId('option-big'));
    await userEvent.click(screen.getByTestId('option-sum_13'));
    expect(screen.getByTestId('bet-total')).toHaveTextContent('20.00');
    await userEvent.click(screen.getByTestId('bet-confirm'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('2 options on issue 3300002, total 20.00.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place bet' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('api/rooms/betting'))).toBe(true),
    );
    const bet = calls.find((call) => call.url.startsWith('api/rooms/betting'))!;
    expect(bet.body).toEqual({
      room: 'canada_vip',
      issue: '3300002',
      bets: [
        { option: 'big', amount: '10.00' },
        { option: 'sum_13', amount: '10.00' },
      ],
    });
    expect(bet.headers['Idempotency-Key'] ?? bet.headers['idempotency-key']).toBeTruthy();
    const records = calls.filter((call) => call.url.startsWith('api/personal/betting_record'));
    expect(records[0]!.url).toContain('room=canada_vip');
    expect(records[0]!.url).toContain('issue=3300002');
  });

  it('offers to verify the drawn result and loads the draw only when opened', async () => {
    renderAt('/pages/yn28/game/roominfo?room=canada_vip');
    const latest = await screen.findByTestId('latest-result', undefined, { timeout: 5000 });
    const toggle = within(latest).getByTestId('verify-toggle');
    expect(toggle).toHaveTextContent('Verify this draw');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(latest).queryByTestId('draw-fairness')).not.toBeInTheDocument();
    expect(fairCalls()).toEqual([]);

    await userEvent.click(toggle);
    expect(await within(latest).findByTestId('draw-fairness')).toHaveTextContent(
      `canada_vip 3300001 ${'12'.repeat(32)} ${'34'.repeat(32)} ${'56'.repeat(32)}`,
    );
    expect(fairCalls()).toEqual(['api/fair/draw?room=canada_vip&issue=3300001']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide verification');
    await userEvent.click(toggle);
    expect(within(latest).queryByTestId('draw-fairness')).not.toBeInTheDocument();
  });

  it('has no verify entry without a drawn result', async () => {
    answers['api/roominfo/index'] = (call) => ({
      ...roomIndex(new URL(call.url, 'http://x').searchParams.get('room') ?? ''),
      last: null,
    });
    renderAt('/pages/yn28/game/roominfo?room=canada_vip');
    const latest = await screen.findByTestId('latest-result', undefined, { timeout: 5000 });
    expect(latest).toHaveTextContent('No draw yet');
    expect(within(latest).queryByTestId('verify-toggle')).not.toBeInTheDocument();
  });
});

describe('long/short trading', () => {
  it('validates the amount before sending, then trades up with mode trade', async () => {
    answers['api/rooms/betting'] = () => ({
      order_no: 'T1',
      issue: '3300002',
      game_balance: '475.00',
      bets: [],
    });
    answers['api/trend/index'] = () => ({
      region: 'canada',
      list: [
        {
          issue: '3300001',
          numbers: [],
          a: 0,
          b: 5,
          c: 8,
          sum: 13,
          tags: ['small', 'odd', 'small_odd'],
        },
        { issue: '3300000', numbers: [], a: 9, b: 9, c: 9, sum: 27, tags: ['big'] },
      ],
      counts: {},
      runs: [],
    });
    renderAt('/pages/yn28/game/usdt?room=canada_ordinary');
    await userEvent.click(await screen.findByTestId('trade-up', undefined, { timeout: 5000 }));
    expect(await screen.findByTestId('sum-chart')).toHaveAccessibleName('Chart of the last 2 sums');
    const amount = screen.getByTestId('trade-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '9.5');
    await userEvent.click(screen.getByTestId('trade-confirm'));
    expect(screen.getByTestId('trade-problem')).toHaveTextContent('The minimum trade is 10');
    expect(calls.some((call) => call.url.startsWith('api/rooms/betting'))).toBe(false);
    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    expect(screen.queryByTestId('trade-problem')).not.toBeInTheDocument();
    // The button ignores a second tap within its throttle window.
    await new Promise((resolve) => setTimeout(resolve, BUTTON_THROTTLE_MS + 50));
    await userEvent.click(screen.getByTestId('trade-confirm'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Buy up 25.00 on issue 3300002?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm trade' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('api/rooms/betting'))).toBe(true),
    );
    const bet = calls.find((call) => call.url.startsWith('api/rooms/betting'))!;
    expect(bet.body).toEqual({
      room: 'canada_ordinary',
      issue: '3300002',
      mode: 'trade',
      bets: [{ option: 'big', amount: '25.00' }],
    });
    // The open position (this issue) and the outcome of the last drawn one are both asked for.
    const asked = calls
      .filter((call) => call.url.startsWith('api/personal/betting_record'))
      .map((call) => new URL(call.url, 'http://x').searchParams.get('issue'));
    expect(asked).toEqual(expect.arrayContaining(['3300002', '3300001']));
  });
});

describe('trend tab', () => {
  it('shows history rows, counts and runs per region', async () => {
    answers['api/trend/index'] = (call) => {
      const region = new URL(call.url, 'http://x').searchParams.get('region');
      return {
        region,
        list: [
          {
            issue: region === 'china' ? '900' : '3300001',
            numbers: [],
            a: 0,
            b: 5,
            c: 8,
            sum: 13,
            tags: ['small', 'odd', 'small_odd'],
          },
        ],
        counts: { '20': { big: 9, small: 11 }, '50': { big: 24 }, '100': { big: 51 } },
        runs: [{ option: 'small', length: 4, issue: '3300001' }],
      };
    };
    renderAt('/pages/yn28/trend');
    const row = await screen.findByTestId('trend-row', undefined, { timeout: 5000 });
    expect(row).toHaveAttribute('data-issue', '3300001');
    expect(row).toHaveTextContent('0 + 5 + 8 = 13');
    expect(row).toHaveTextContent('Small odd');
    expect(screen.getByTestId('count-big-20')).toHaveTextContent('9');
    expect(screen.getByTestId('count-big-100')).toHaveTextContent('51');
    expect(screen.getByTestId('count-leopard-50')).toHaveTextContent('0');
    expect(screen.getByTestId('trend-run')).toHaveTextContent('Short4 in a row');
    expect(screen.getByRole('rowheader', { name: 'Long' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Extreme yang' })).toBeInTheDocument();
    // A row's proof is asked for only when opened, through the region's ordinary room.
    expect(fairCalls()).toEqual([]);
    await userEvent.click(within(row).getByTestId('verify-toggle'));
    expect(await screen.findByTestId('draw-fairness')).toHaveTextContent('canada_ordinary 3300001');
    expect(fairCalls()).toEqual(['api/fair/draw?room=canada_ordinary&issue=3300001']);
    await userEvent.click(screen.getByTestId('region-china'));
    await waitFor(() =>
      expect(screen.getByTestId('trend-row')).toHaveAttribute('data-issue', '900'),
    );
  });
});
