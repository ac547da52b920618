// The Yu E Bao page as a player meets it: the real figures, the rules checked before sending.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SavingsSummary } from '@/features/finance/api/savings';
import { SavingsView } from '@/features/finance/pages/yuebao-page';
import { activateLanguage } from '@/i18n/i18n';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary: SavingsSummary = {
  savings: '0.00',
  balance: '500.00',
  yesterday_interest: '0.00',
  total_interest: '0.00',
  rate: '3.65',
  daily_interest: '0.00',
  yield_7d: null,
  in_min: '10.00',
};

function renderView(data: SavingsSummary) {
  const router = createMemoryRouter([{ path: '*', element: <SavingsView summary={data} /> }], {
    initialEntries: ['/pages/lc/yuebao'],
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// Submits the form itself: the button (and Enter, which clicks it) takes one click per 500 ms.
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Move money' }));

describe('Yu E Bao page', () => {
  it('shows the balance, interest, rate and the yield actually paid', () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderView({
      ...summary,
      savings: '10001.00',
      yesterday_interest: '1.00',
      total_interest: '3.00',
      yield_7d: '3.64',
      daily_interest: '1.00',
    });
    expect(screen.getByTestId('savings-balance')).toHaveTextContent('10,001.00');
    expect(screen.getByTestId('savings-yesterday')).toHaveTextContent('1.00');
    expect(screen.getByText('3.65 %')).toBeInTheDocument();
    expect(screen.getByText('3.64 %')).toBeInTheDocument();
    expect(screen.getByTestId('savings-daily')).toHaveTextContent('1.00');
    expect(screen.getByTestId('savings-formula')).toHaveTextContent(
      "A day's interest is the day's lowest balance × 3.65 % ÷ 365, rounded down to the cent.",
    );
    expect(screen.getByRole('link', { name: 'Savings log' })).toHaveAttribute(
      'href',
      '/pages/lc/yuebaolog',
    );
  });

  it('says when nothing was held a whole day yet', () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderView(summary);
    expect(screen.getByText('No whole day held yet')).toBeInTheDocument();
  });

  it('checks the first move in against the minimum and the balance before sending', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ balance: '480.00', savings: '20.00' })),
    );
    renderView(summary);
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '9.99');
    submit();
    expect(screen.getByText('The amount must be at least 10.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '500.01');
    submit();
    expect(screen.getByText('Not enough balance: 500.00 available')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.5.');
    submit();
    expect(
      screen.getByText('Enter an amount with at most 2 decimals and no leading zero'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: 'api/yuebao/in', body: { amount: '20.00' } });
    expect(calls[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('moves out at most the savings balance', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(envelope({ balance: '510.00', savings: '0.00' })),
    );
    renderView({ ...summary, savings: '10.00', in_min: '0.01' });
    await userEvent.click(screen.getByRole('radio', { name: 'Move out' }));
    expect(screen.getByTestId('savings-available')).toHaveTextContent('Available: 10.00');
    await userEvent.type(screen.getByLabelText('Amount'), '10.01');
    submit();
    expect(screen.getByText('Not enough balance: 10.00 available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: 'api/yuebao/out', body: { amount: '10.00' } });
  });
});
