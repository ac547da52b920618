// The statement page: the range rules, the balances of a range, and the CSV download sent
// with the session header and saved under the server's file name.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import type { StatementSummary } from '@/features/wallet/api/statement';
import {
  Component as StatementPage,
  rangeDays,
  rangeProblem,
} from '@/features/wallet/pages/statement-page';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, routeFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  startSession('player-token', { id: 1 });
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = (name: StatementSummary['accounts'][number]['account'], opening: string) => ({
  account: name,
  opening,
  credits: '0.00',
  debits: '0.00',
  closing: opening,
  postings: 0,
});

const summary: StatementSummary = {
  from: '2026-11-01',
  to: '2026-11-22',
  start_at: 1_793_466_000,
  end_at: 1_795_334_400,
  postings: 3,
  postings_max: 50_000,
  accounts: [
    { ...account('wallet', '100.00'), credits: '25.50', closing: '125.50', postings: 3 },
    account('game', '10.00'),
    account('savings', '0.00'),
    account('invest', '0.00'),
    account('frozen', '0.00'),
  ],
};

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <StatementPage /> }], {
    initialEntries: ['/pages/mine/account/statement'],
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

describe('statement ranges', () => {
  it.each([
    ['one day', { from: '2026-11-22', to: '2026-11-22' }, null],
    ['a leap year', { from: '2024-01-01', to: '2024-12-31' }, null],
    ['to before from', { from: '2026-11-22', to: '2026-11-21' }, 'statement_range_invalid'],
    ['367 days', { from: '2025-11-21', to: '2026-11-22' }, 'statement_range_long'],
    ['no date', { from: '', to: '2026-11-22' }, 'statement_range_invalid'],
  ])('%s', (_what, range, problem) => {
    expect(rangeProblem(range)).toBe(problem);
  });

  it('counts both days', () => {
    expect(rangeDays({ from: '2026-11-01', to: '2026-11-22' })).toBe(22);
  });
});

describe('statement page', () => {
  it("shows each account's opening and closing balance of the range", async () => {
    const { calls } = routeFetch({ 'api/personal/statement_summary': () => summary });
    renderPage();
    const table = await screen.findByTestId('statement-summary');
    const wallet = within(table).getByTestId('statement-wallet');
    expect(wallet).toHaveTextContent('Wallet');
    expect(wallet).toHaveTextContent('100.00');
    expect(wallet).toHaveTextContent('125.50');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Postings in this range: 3')).toBeInTheDocument();
    // The server picks the first range (this month so far in its time zone).
    expect(calls[0]!.url).toBe('api/personal/statement_summary');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
  });

  it('downloads the CSV with the token header and saves it under its name', async () => {
    const csv = 'account,line,time,kind,reference,memo,in,out,balance\r\n';
    const { calls } = routeFetch({
      'api/personal/statement_summary': () => summary,
      'api/personal/statement': () =>
        new Response(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="statement-2026-11-02-2026-11-22.csv"',
          },
        }),
    });
    const created = vi.fn((_blob: Blob) => 'blob:statement');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderPage();
    await screen.findByTestId('statement-summary');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-02');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toEqual(['statement-2026-11-02-2026-11-22.csv']));
    const call = calls.find((entry) => entry.url.startsWith('api/personal/statement?'))!;
    expect(call.headers.token).toBe('player-token');
    expect(call.url).toBe('api/personal/statement?from=2026-11-02&to=2026-11-22');
    expect(await created.mock.calls[0]![0].text()).toBe(csv);
  });

  it("shows the server's refusal of a download and saves nothing", async () => {
    routeFetch({
      'api/personal/statement_summary': () => summary,
      'api/personal/statement': () =>
        jsonResponse({
          code: 0,
          msg: 'A statement covers at most 366 days: choose a shorter range',
          err: 'statement_range_too_long',
          data: null,
        }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    await screen.findByTestId('statement-summary');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText(/at most 366 days: choose/)).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    const { calls } = routeFetch({ 'api/personal/statement_summary': () => summary });
    renderPage();
    await screen.findByTestId('statement-summary');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2000-01-01');

    expect(screen.getByText('Choose a start date on or before the end date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(calls.filter((call) => call.url.startsWith('api/personal/statement?'))).toHaveLength(0);
  });
});
