// The deposit bonuses waiting for play, as the account and withdrawal pages show them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BonusPending } from '@/features/growth/bonus/api/bonus-pending';
import { BonusPendingCard } from '@/features/growth/bonus/parts/bonus-pending-card';
import { activateLanguage } from '@/i18n/i18n';
import { dismissToast, getToast } from '@/lib/notify';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

const PENDING: BonusPending = {
  pending: '96.00',
  released: '4.00',
  expected_win_needed: '96.00',
  release_percent: 100,
  stake_at_most: '10800.00',
};

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

/** Renders the card with the server answering `answer` (a Response for failures). */
function renderCard(answer: BonusPending | Response) {
  const { calls } = mockFetch(() =>
    answer instanceof Response ? answer : jsonResponse(envelope(answer)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <BonusPendingCard />
    </QueryClientProvider>,
  );
  return { calls, client, container: view.container };
}

describe('bonus pending card', () => {
  it('shows what waits for play, what is released and how far the release has come', async () => {
    const { calls } = renderCard(PENDING);

    const card = await screen.findByTestId('bonus-pending');
    expect(calls.map((call) => call.url)).toEqual(['api/bonus/pending']);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Bonus waiting for play');
    expect(card).toHaveAccessibleName('Bonus waiting for play');
    expect(screen.getByTestId('bonus-pending-amount')).toHaveTextContent('96.00');
    expect(screen.getByTestId('bonus-released-amount')).toHaveTextContent('4.00');

    const bar = screen.getByRole('progressbar', { name: 'Bonus release progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '4');
    expect(bar).toHaveAttribute('aria-valuetext', '4% released: 4.00 of 100.00');

    expect(card).toHaveTextContent('released to your balance as your bets settle');
    expect(card).toHaveTextContent('can be neither staked nor withdrawn');
    expect(screen.getByTestId('bonus-stake-at-most')).toHaveTextContent(
      'At most 10,800.00 more in settled bets releases all of it.',
    );
  });

  it('leaves out the stake sentence when the server gives no bound', async () => {
    renderCard({ ...PENDING, pending: '30.00', released: '0.00', stake_at_most: null });

    expect(await screen.findByTestId('bonus-pending-amount')).toHaveTextContent('30.00');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByTestId('bonus-stake-at-most')).toBeNull();
    expect(screen.queryByText(/At most/)).toBeNull();
  });

  it('renders nothing when nothing is pending', async () => {
    const { client, container } = renderCard({
      ...PENDING,
      pending: '0.00',
      released: '100.00',
      expected_win_needed: '0.00',
      stake_at_most: null,
    });

    await waitFor(() =>
      expect(client.getQueryState(['growth', 'bonus', 'pending'])?.status).toBe('success'),
    );
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByTestId('bonus-pending')).toBeNull();
  });

  it('renders nothing, and no toast, when the request fails', async () => {
    const { client, container } = renderCard(
      jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null }),
    );

    await waitFor(() =>
      expect(client.getQueryState(['growth', 'bonus', 'pending'])?.status).toBe('error'),
    );
    expect(container).toBeEmptyDOMElement();
    expect(getToast()).toBeNull();
  });
});
