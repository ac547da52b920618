// The "check this draw" card runs the verification in the browser and says plainly which check
// failed.
import { createHash } from 'node:crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chainStatuses, type FairChain } from '@/features/games/fair/api/chains';
import { DrawFairness } from '@/features/games/fair/draw-fairness';
import type { DrawFairnessProps } from '@/features/games/parts/fairness-slot';
import { activateLanguage } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/time';
import { routeFetch } from '@/test/helpers';

const SEED = '0599ea1dc6190279bd0f278e79006bca589b962daecd14d2ab6ca295834fa058';
const PREVIOUS = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex');
const COMMITMENT = createHash('sha256').update(Buffer.from(PREVIOUS, 'hex')).digest('hex');

const honest: DrawFairnessProps = {
  room: 'k3',
  issue: '202611220001',
  seed: SEED,
  previous: PREVIOUS,
  commitment: COMMITMENT,
  values: { game: 'k3', result: [3, 1, 6] },
};

beforeAll(async () => {
  await activateLanguage('en');
});

describe('DrawFairness', () => {
  it('shows the chain links, the result and the honest limits before any check', () => {
    render(<DrawFairness {...honest} />);
    expect(screen.getByTestId('fair-seed')).toHaveTextContent(SEED);
    expect(screen.getByTestId('fair-previous')).toHaveTextContent(PREVIOUS);
    expect(screen.getByTestId('fair-commitment')).toHaveTextContent(COMMITMENT);
    expect(
      screen.getByText(/Its SHA-256 must equal the previous period's seed/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('fair-published')).toHaveTextContent('3 · 1 · 6');
    expect(
      screen.getByText(/it can compute future results, but it cannot change them/),
    ).toBeInTheDocument();
    expect(screen.getByText(/"k3:202611220001:0"/)).toBeInTheDocument();
    expect(screen.getByText(/docs\/fairness\.md/)).toBeInTheDocument();
    expect(screen.queryByTestId('verify-result')).not.toBeInTheDocument();
  });

  it('labels the link as the commitment for a chain first period', () => {
    render(<DrawFairness {...honest} commitment={PREVIOUS.toUpperCase()} />);
    expect(
      screen.getByText(/the room's commitment \(first period of the chain\)/),
    ).toBeInTheDocument();
  });

  it('verifies an honest draw in the browser', async () => {
    render(<DrawFairness {...honest} />);
    await userEvent.click(screen.getByTestId('verify-draw'));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-verified', 'true');
    expect(result).toHaveTextContent('Verified: matches');
    expect(screen.getByTestId('fair-derived')).toHaveTextContent('3 · 1 · 6');
  });

  it('names the failed check when the published result was changed', async () => {
    render(<DrawFairness {...honest} values={{ game: 'k3', result: [3, 1, 5] }} />);
    await userEvent.click(screen.getByTestId('verify-draw'));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-verified', 'false');
    expect(result).toHaveTextContent('Does not match');
    expect(result).toHaveTextContent('The seed hashes to the previous link: passed');
    expect(result).toHaveTextContent('The seed gives the published result: failed');
    expect(screen.getByTestId('fair-derived')).toHaveTextContent('3 · 1 · 6');
  });

  it('fails the link check for a seed that does not hash to the previous one', async () => {
    render(<DrawFairness {...honest} previous={COMMITMENT} />);
    await userEvent.click(screen.getByTestId('verify-draw'));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-verified', 'false');
    expect(result).toHaveTextContent('The seed hashes to the previous link: failed');
    expect(result).toHaveTextContent('The seed gives the published result: passed');
  });

  it('verifies a yn28 tier room against its region draw and shows a + b + c', async () => {
    const numbers = [7, 15, 27, 28, 71, 75];
    render(
      <DrawFairness
        {...honest}
        room="usa_vip"
        values={{ game: 'yn28', result: { region: 'usa', numbers, digits: [2, 3, 8] } }}
      />,
    );
    expect(screen.getByTestId('fair-published')).toHaveTextContent('2 + 3 + 8 = 13');
    expect(screen.getByTestId('fair-published')).toHaveTextContent(
      'Keno numbers: 7 15 27 28 71 75',
    );
    await userEvent.click(screen.getByTestId('verify-draw'));
    expect(await screen.findByTestId('verify-result')).toHaveAttribute('data-verified', 'true');
  });

  it('says so instead of failing when the browser has no WebCrypto (plain HTTP)', async () => {
    vi.stubGlobal('crypto', {});
    try {
      render(<DrawFairness {...honest} />);
      await userEvent.click(screen.getByTestId('verify-draw'));
      expect(await screen.findByTestId('verify-unavailable')).toHaveTextContent(
        /secure \(HTTPS\) connection/,
      );
      expect(screen.queryByTestId('verify-result')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('published chains', () => {
  const NOW = 1_800_000_000;
  const chain = (segment: string, extra: Partial<FairChain>): FairChain => ({
    segment_id: segment,
    chain_id: 'c1',
    commitment: COMMITMENT,
    length: 2000,
    first_index: 1,
    first_issue: '202611220001',
    period_secs: 60,
    starts_at: NOW - 3600,
    created_at: NOW - 7200,
    retired_at: null,
    ...extra,
  });
  // Newest first: a successor committed ahead, one retired before any draw, the one in force
  // (a period change that keeps drawing from seed 41 of the same chain) and the first segment.
  const list = [
    chain('s4', {
      first_issue: '202611230001',
      first_index: 101,
      period_secs: 30,
      starts_at: NOW + 600,
      created_at: NOW - 60,
    }),
    chain('s3', {
      first_issue: '202611220050',
      first_index: 41,
      period_secs: 90,
      retired_at: NOW - 900,
      starts_at: NOW - 600,
    }),
    chain('s2', {
      first_issue: '202611220041',
      first_index: 41,
      period_secs: 120,
      starts_at: NOW - 1200,
    }),
    chain('s1', {}),
  ];

  it('tells which segment is in force, which start later and which were retired', () => {
    expect(chainStatuses(list, NOW)).toEqual(['ahead', 'retired', 'in_force', 'earlier']);
    expect(chainStatuses([chain('s1', { starts_at: null, created_at: NOW })], NOW)).toEqual([
      'in_force',
    ]);
    expect(chainStatuses([], NOW)).toEqual([]);
  });

  it('lists the room chains with commitment, first issue, seed index, period and times', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
    const { calls } = routeFetch({
      'api/fair/chains': () => ({ room: 'k3', draw_source: 'k3', list }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DrawFairness {...honest} />
      </QueryClientProvider>,
    );
    expect(calls).toEqual([]);
    const toggle = screen.getByRole('button', { name: 'Published seed chains' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const items = await screen.findAllByTestId('fair-chain');
    expect(calls.map((call) => call.url)).toEqual(['api/fair/chains?room=k3&limit=20']);
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'ahead',
      'retired',
      'in_force',
      'earlier',
    ]);
    const inForce = items[2]!;
    expect(within(inForce).getByText('In force')).toBeInTheDocument();
    expect(within(inForce).getByTestId('fair-chain-commitment')).toHaveTextContent(COMMITMENT);
    expect(within(inForce).getByTestId('fair-chain-first-issue')).toHaveTextContent('202611220041');
    expect(inForce).toHaveTextContent('Seed index41');
    expect(inForce).toHaveTextContent('Period120 s');
    expect(inForce).toHaveTextContent(`Published${formatDateTime(NOW - 7200)}`);
    expect(items[0]).toHaveTextContent(`Starts ${formatDateTime(NOW + 600)}`);
    expect(items[1]).toHaveTextContent('Retired before any draw');
    vi.useRealTimers();
  });

  it('says so when the room has no chain yet', async () => {
    routeFetch({ 'api/fair/chains': () => ({ room: 'k3', draw_source: 'k3', list: [] }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DrawFairness {...honest} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Published seed chains' }));
    expect(await screen.findByText('No chain published yet')).toBeInTheDocument();
  });
});
