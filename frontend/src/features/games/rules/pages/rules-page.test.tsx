// The rules and odds page as a player reads it, against a server mocked at fetch, and the
// links to it from the room pages.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RulesPage, RulesGroup } from '@/features/games/rules/api/room-rules';
import { rulesUrl } from '@/features/games/parts/rules-url';
import { groupTitle, verifyUrl } from '@/features/games/rules/model';
import { Component as RulesScreen } from '@/features/games/rules/pages/rules-page';
import { activateLanguage, t } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch, type FetchCall } from '@/test/helpers';

const exact = (fraction: string, percent: string) => ({ fraction, percent });
const line = (option: string, odds: string, chance: [string, string], rtp: [string, string]) => ({
  option,
  odds,
  probability: exact(...chance),
  win: exact(...chance),
  win_reduced: [],
  refund: exact('0/1', '0.00'),
  rtp: exact(...rtp),
  stake: '1.00',
  rtp_from_stake: [],
});

const k3Rules = (): RulesPage => ({
  room: 'k3',
  game: 'k3',
  rule_version: 4,
  is_open: true,
  entry_min: '0.00',
  service_fee_bp: 0,
  rules: { game: 'k3', triples_lose_big_small: true },
  groups: [
    {
      kind: 'big_small',
      position: null,
      exclusive: false,
      refund: exact('0/1', '0.00'),
      options: [
        line('big', '1.95', ['35/72', '48.61'], ['455/480', '94.79']),
        line('small', '1.95', ['35/72', '48.61'], ['455/480', '94.79']),
      ],
    },
    {
      kind: 'triple',
      position: null,
      exclusive: false,
      refund: exact('0/1', '0.00'),
      options: [1, 2, 3, 4, 5, 6].map((face) =>
        line(`triple_${face}`, '189', ['1/216', '0.46'], ['7/8', '87.50']),
      ),
    },
  ],
  limits: [
    {
      option: null,
      min_bet: '1.00',
      max_user: '5000.00',
      max_total: '100000.00',
      payout_cap: '500000.00',
    },
    {
      option: 'triple_1',
      min_bet: '2.00',
      max_user: '100.00',
      max_total: '1000.00',
      payout_cap: '50000.00',
    },
  ],
  schedule: {
    period_secs: 60,
    close_secs: 10,
    timezone: 'Asia/Ho_Chi_Minh',
    issue: '202611220002',
    close_at: 0,
    draw_at: 0,
  },
  fairness: {
    draw_source: 'k3',
    commitment: 'ab'.repeat(32),
    chain_id: 'c1',
    first_issue: '202611220001',
    message: 'k3:<issue>:<block>',
    verify_command: 'fairhall verify-draw k3 <issue>',
  },
});

let calls: FetchCall[];

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/cc/rules', Component: RulesScreen }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  ({ calls } = routeFetch({ 'api/roominfo/rules': () => k3Rules() }));
  startSession('tok', { id: 3 } as never);
});

afterEach(() => clearSession());

describe('rules page', () => {
  it('shows every option with its odds, exact chance and RTP, per group', async () => {
    renderAt('/pages/cc/rules?room=k3');
    const big = await screen.findByRole('table', { name: 'Big / Small' }, { timeout: 5000 });
    const row = within(big).getByRole('row', { name: /^Big/ });
    expect(row).toHaveTextContent('1.95');
    expect(within(row).getByTestId('chance-big')).toHaveTextContent('48.61%');
    expect(row).toHaveTextContent('35/72');
    expect(within(row).getByTestId('rtp-big')).toHaveTextContent('94.79%');
    expect(row).toHaveTextContent('455/480');
    const triples = screen.getByRole('table', { name: 'Triple' });
    expect(within(triples).getAllByRole('row')).toHaveLength(7);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('room')).toBe('k3');
  });

  it('states the room rules, limits, schedule and how draws are verified', async () => {
    renderAt('/pages/cc/rules?room=k3');
    await screen.findByRole('table', { name: 'Bet limits' }, { timeout: 5000 });
    expect(
      screen.getByText('In this room a triple makes big, small, odd and even lose.'),
    ).toBeInTheDocument();
    const limits = screen.getByRole('table', { name: 'Bet limits' });
    expect(within(limits).getByRole('row', { name: /^All options/ })).toHaveTextContent('5000.00');
    expect(within(limits).getByRole('row', { name: /^Triple 1/ })).toHaveTextContent('2.00');
    expect(screen.getByTestId('rules-schedule')).toHaveTextContent(
      'A draw every 60 seconds; betting closes 10 seconds before each draw.',
    );
    expect(screen.getByTestId('rules-commitment')).toHaveTextContent('ab'.repeat(32));
    expect(screen.getByText(/fairhall verify-draw k3 <issue>/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify past draws' })).toHaveAttribute(
      'href',
      '/pages/cc/k3/open',
    );
  });
});

describe('rules page words', () => {
  const group = (kind: string, position: number | null, codes: string[]): RulesGroup => ({
    kind,
    position,
    exclusive: true,
    refund: exact('0/1', '0.00'),
    options: codes.map((code) => line(code, '2', ['1/2', '50.00'], ['1/1', '100.00'])),
  });

  it('names groups by their scope and options', () => {
    expect(groupTitle('pk10', group('big_small', 3, ['p3_big', 'p3_small']), t)).toBe(
      'Position 3 · Big / Small',
    );
    expect(groupTitle('pk10', group('sum', null, ['sum_3', 'sum_4']), t)).toBe('Top-two sum');
    expect(groupTitle('ssc', group('digit', 2, ['b2_0', 'b2_1']), t)).toBe('Ball 2 · Digit');
    expect(groupTitle('ssc', group('shape', 3, ['back_leopard', 'back_pair']), t)).toBe(
      'Back three · Leopard (all equal) / Pair',
    );
    expect(groupTitle('yn28', group('sum', null, ['sum_0', 'sum_1']), t)).toBe('Sum');
    expect(groupTitle('rgb', group('colour', null, ['red', 'green', 'violet']), t)).toBe(
      'Red / Green / Violet (0 or 5)',
    );
  });

  it('links each room to its rules and its verifiable draws', () => {
    expect(rulesUrl('canada_vip')).toBe('/pages/cc/rules?room=canada_vip');
    expect(verifyUrl('rgb3', 'rgb')).toBe('/pages/cc/rgb/open?room=rgb3');
    expect(verifyUrl('canada_vip', 'yn28')).toBe('/pages/yn28/trend');
  });
});
