// The bet records page: rows with their state and profit, game and state filters that reach the
// API, and the draw result behind a settled bet.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component as PlayRecordPage } from '@/features/games/records/pages/play-record-page';
import { activateLanguage } from '@/i18n/i18n';
import type { BetRecord } from '@/features/games/api/bet-records';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

const bet = (overrides: Partial<BetRecord>): BetRecord => ({
  id: 1,
  order_no: 'B202611220001',
  room: 'k3',
  game: 'k3',
  issue: '202611220001',
  option: 'big',
  amount: '10.00',
  odds: '1.95',
  status: 'open',
  outcome: null,
  payout: '0.00',
  profit: '0.00',
  placed_at: Math.floor(Date.now() / 1000) - 30,
  settled_at: null,
  result: null,
  ...overrides,
});

const BETS: BetRecord[] = [
  bet({
    id: 3,
    option: 'sum_10',
    status: 'won',
    outcome: 'win',
    payout: '70.00',
    profit: '60.00',
    result: { game: 'k3', result: [3, 1, 6] },
  }),
  bet({
    id: 2,
    room: 'canada_vip',
    game: 'yn28',
    option: 'extreme_small',
    status: 'lost',
    outcome: 'lose',
    profit: '-10.00',
    result: {
      game: 'yn28',
      result: {
        region: 'canada',
        numbers: [5, 7, 8, 11, 12, 16, 24, 26, 28, 31, 35, 42, 45, 51, 57, 60, 69, 74, 77, 79],
        digits: [0, 5, 8],
      },
    },
  }),
  bet({ id: 1, room: 'pk10', game: 'pk10', option: 'p1_big', issue: '202611220002' }),
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/pages/mine/play-record/index', Component: PlayRecordPage }],
    {
      initialEntries: ['/pages/mine/play-record/index'],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bet records page', () => {
  it('lists bets with room, issue, option, stake, odds, state and profit', async () => {
    mockFetch(() => jsonResponse(envelope({ list: BETS, total: 3, page: 1, limit: 20 })));
    renderPage();
    const rows = await screen.findAllByTestId('bet-record');
    expect(rows).toHaveLength(3);
    const [won, lost, open] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(won).toHaveTextContent('K3 dice');
    expect(won).toHaveTextContent('Issue 202611220001');
    expect(within(won).getByTestId('bet-option')).toHaveTextContent('Sum 10');
    expect(within(won).getByText('Won')).toBeInTheDocument();
    expect(within(won).getByTestId('bet-profit')).toHaveTextContent('+60.00');
    expect(within(won).getByTestId('bet-profit')).toHaveAttribute('data-sign', '1');
    expect(won).toHaveTextContent('Stake: 10.00 · Odds: 1.95');
    expect(won).toHaveTextContent('Order no.: B202611220001');
    expect(lost).toHaveTextContent('Canada 28 · VIP room');
    expect(within(lost).getByTestId('bet-option')).toHaveTextContent('Extreme yin');
    expect(within(lost).getByTestId('bet-profit')).toHaveTextContent('-10.00');
    expect(within(lost).getByTestId('bet-profit')).toHaveAttribute('data-sign', '-1');
    expect(within(open).getByTestId('bet-option')).toHaveTextContent('Position 1 · Big');
    expect(within(open).getByTestId('bet-profit')).toHaveTextContent('Awaiting draw');
    expect(within(open).getByText('Open')).toBeInTheDocument();
  });

  it('shows the draw result of a settled bet when tapped; open bets have nothing to open', async () => {
    mockFetch(() => jsonResponse(envelope({ list: BETS, total: 3, page: 1, limit: 20 })));
    renderPage();
    const [won, lost, open] = (await screen.findAllByTestId('bet-record')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(open).queryByRole('button')).not.toBeInTheDocument();
    const toggle = within(won).getByRole('button');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(won).getByTestId('draw-result')).toHaveTextContent('316 = 10');
    await userEvent.click(within(lost).getByRole('button'));
    expect(within(lost).getByTestId('draw-result')).toHaveTextContent('0 + 5 + 8 = 13');
    expect(within(lost).getByTestId('draw-result')).toHaveTextContent('Keno numbers: 5 7 8 11');
    await userEvent.click(toggle);
    expect(within(won).queryByTestId('draw-result')).not.toBeInTheDocument();
  });

  it('asks the API again for the chosen game and state', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ list: [], total: 0, page: 1, limit: 20 })),
    );
    renderPage();
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'PK10 racing' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Refunded' }));
    await screen.findByText('No records yet');
    expect(calls.map((call) => call.url)).toEqual([
      'api/personal/betting_record?page=1&limit=20',
      'api/personal/betting_record?game=pk10&page=1&limit=20',
      'api/personal/betting_record?game=pk10&status=refunded&page=1&limit=20',
    ]);
    expect(screen.getByRole('radiogroup', { name: 'Game' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'PK10 racing' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});
