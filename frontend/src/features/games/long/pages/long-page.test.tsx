// pages/cc/long renders the board from GET api/cc/long, longest first, or says there is none.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component as LongPage } from '@/features/games/long/pages/long-page';
import { activateLanguage } from '@/i18n/i18n';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/pages/cc/long', Component: LongPage }], {
    initialEntries: ['/pages/cc/long'],
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('long dragon page', () => {
  it('shows each run with its room, option, length and latest issue, longest first', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(
        envelope({
          threshold: 3,
          list: [
            { room: 'k3', game: 'k3', option: 'odd', length: 3, issue: '202611220101' },
            { room: 'pk10', game: 'pk10', option: 'p2_dragon', length: 7, issue: '202611220080' },
            { room: 'canada', game: 'yn28', option: 'big_even', length: 5, issue: '202611220031' },
          ],
        }),
      ),
    );
    renderPage();
    const rows = await screen.findAllByTestId('long-run');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PK10 racingPosition 2 · Dragon (higher)Latest draw 2026112200807 in a row',
      'Canada 28Big evenLatest draw 2026112200315 in a row',
      'K3 diceOddLatest draw 2026112201013 in a row',
    ]);
    expect(screen.getByText(/came up 3 or more draws in a row/)).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['api/cc/long']);
  });

  it('has an empty state naming the threshold', async () => {
    mockFetch(() => jsonResponse(envelope({ threshold: 4, list: [] })));
    renderPage();
    expect(await screen.findByText('No long runs right now')).toBeInTheDocument();
    expect(
      screen.getByText('No outcome has come up 4 or more times in a row.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the board cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ code: 0, msg: 'broken', err: 'internal', data: null }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
