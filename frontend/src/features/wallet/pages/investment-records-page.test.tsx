// The investment records page: the investment and savings accounts' postings as tabs, signed
// amounts as the server sends them, and honest empty states.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeRecord } from '@/features/wallet/api/account-changes';
import { Component as InvestmentRecordsPage } from '@/features/wallet/pages/investment-records-page';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

const now = () => Math.floor(Date.now() / 1000);

const record = (overrides: Partial<ChangeRecord>): ChangeRecord => ({
  id: 1,
  account: 'invest',
  kind: 'invest',
  reference: 'order:1',
  memo: '',
  amount: '1000.00',
  balance_after: '1000.00',
  created_at: now() - 2 * 86400,
  ...overrides,
});

const INVESTMENTS = [
  record({
    id: 3,
    kind: 'invest_return',
    amount: '-1000.00',
    balance_after: '0.00',
    created_at: now() - 60,
  }),
  record({ id: 1 }),
];
const SAVINGS = [
  record({ id: 9, account: 'savings', kind: 'interest', amount: '0.37', balance_after: '500.37' }),
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: ROUTES.investmentRecords, Component: InvestmentRecordsPage }],
    { initialEntries: [ROUTES.investmentRecords] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const accountOf = (call: FetchCall) =>
  new URL(call.url, 'http://app.test/').searchParams.get('account');

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('investment records page', () => {
  it('lists the investment account with kind, signed amount, balance and time', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ list: INVESTMENTS, total: 2, page: 1, limit: 20 })),
    );
    renderPage();

    const rows = await screen.findAllByTestId('investment-record');
    expect(rows).toHaveLength(2);
    const [returned, invested] = rows as [HTMLElement, HTMLElement];
    expect(returned).toHaveTextContent('Investment return');
    expect(within(returned).getByText('-1,000.00')).toHaveAttribute('data-sign', '-1');
    expect(returned).toHaveTextContent('Balance after: 0.00');
    expect(returned).toHaveTextContent('just now');
    expect(invested).toHaveTextContent('Investment');
    expect(within(invested).getByText('+1,000.00')).toHaveAttribute('data-sign', '1');
    expect(invested).toHaveTextContent('2 days ago');
    expect(screen.getByRole('radio', { name: 'Investment' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(calls.map(accountOf)).toEqual(['invest']);
  });

  it('switches to the savings account', async () => {
    const { calls } = mockFetch((call) => {
      const list = accountOf(call) === 'savings' ? SAVINGS : INVESTMENTS;
      return jsonResponse(envelope({ list, total: list.length, page: 1, limit: 20 }));
    });
    renderPage();
    await screen.findAllByTestId('investment-record');

    await userEvent.click(screen.getByRole('radio', { name: 'Savings' }));

    expect(await screen.findByText('Interest')).toBeInTheDocument();
    expect(screen.getAllByTestId('investment-record')).toHaveLength(1);
    expect(screen.getByText('+0.37')).toBeInTheDocument();
    expect(calls.map(accountOf)).toEqual(['invest', 'savings']);
  });

  it('says honestly that there are no investments or savings yet', async () => {
    mockFetch(() => jsonResponse(envelope({ list: [], total: 0, page: 1, limit: 20 })));
    renderPage();

    expect(await screen.findByText('No investments yet')).toBeInTheDocument();
    expect(
      screen.getByText('Product purchases, payouts and returns will appear here once you invest.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Savings' }));
    expect(await screen.findByText('No savings yet')).toBeInTheDocument();
    expect(
      screen.queryAllByRole('link').filter((link) => link.getAttribute('href') !== ROUTES.account),
    ).toEqual([]);
  });
});
