// The sign-in page as a player meets it: the streak, the month, the next reward highlighted,
// signing in once with a key, and another month on demand.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import type { SigninIndex } from '@/features/growth/signin/api/signin';
import { Component as SignPage } from '@/features/growth/signin/pages/sign-page';
import { monthWeeks, shiftMonth } from '@/features/growth/signin/parts/month';
import { activateLanguage } from '@/i18n/i18n';
import { routeFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const rewards = ['1.00', '2.00', '3.00', '5.00', '8.00', '10.00', '15.00'].map((reward, at) => ({
  day: at + 1,
  reward,
}));

const unsigned: SigninIndex = {
  today: '2026-11-23',
  signed_today: false,
  streak: 1,
  today_reward: '2.00',
  next_reward: '2.00',
  next_day: 2,
  rewards,
  after_last: 'repeat_last',
  enabled: true,
  recharge_first: false,
  deposit_needed: false,
  month: '2026-11',
  days: [{ date: '2026-11-22', streak: 1, reward: '1.00' }],
};

const signed: SigninIndex = {
  ...unsigned,
  signed_today: true,
  streak: 2,
  next_reward: '3.00',
  next_day: 3,
  days: [...unsigned.days, { date: '2026-11-23', streak: 2, reward: '2.00' }],
};

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', Component: SignPage }], {
    initialEntries: ['/pages/cc/task/sign'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

describe('sign-in page', () => {
  it('shows the streak, the signed days of the month and highlights the next reward', async () => {
    routeFetch({ 'api/signin/index': () => unsigned });
    renderPage();
    expect(await screen.findByTestId('signin-streak')).toHaveTextContent('1day in a row');
    expect(screen.getByTestId('signin-today-reward')).toHaveTextContent('2.00');
    expect(screen.getByTestId('signin-month')).toHaveTextContent('November 2026');
    const signedDays = screen.getAllByTestId('signin-day');
    expect(signedDays).toHaveLength(1);
    expect(signedDays[0]).toHaveTextContent('22+1.00');
    const next = screen.getByTestId('signin-next-day');
    expect(next).toHaveTextContent('Day 2');
    expect(next).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'Tasks' })).toHaveAttribute(
      'href',
      '/pages/cc/task/job',
    );
  });

  it('signs in once with an idempotency key and then shows the button disabled', async () => {
    let state = unsigned;
    const { calls } = routeFetch({
      'api/signin/index': () => state,
      'api/signin/sign': () => {
        state = signed;
        return { date: '2026-11-23', streak: 2, reward: '2.00', balance: '3.00' };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in: +2.00')).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Signed in today' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('signin-streak')).toHaveTextContent('2days in a row');
    expect(screen.getAllByTestId('signin-day')).toHaveLength(2);
    const sign = calls.filter((call) => call.url === 'api/signin/sign');
    expect(sign).toHaveLength(1);
    expect(sign[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says the operator offers no sign-in reward and offers no button to press', async () => {
    routeFetch({
      'api/signin/index': () => ({
        ...unsigned,
        enabled: false,
        recharge_first: true,
        deposit_needed: true,
      }),
    });
    renderPage();
    expect(
      await screen.findByText('The operator does not offer sign-in rewards at the moment.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.queryByText('A deposit is needed before you can sign in.')).toBeNull();
  });

  it("shows the server's message when it refuses", async () => {
    routeFetch({
      'api/signin/index': () => ({ ...unsigned, recharge_first: true, deposit_needed: true }),
      'api/signin/sign': () =>
        new Response(
          JSON.stringify({
            code: 0,
            msg: 'Please recharge first',
            err: 'recharge_first',
            data: null,
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    });
    renderPage();
    expect(await screen.findByText('A deposit is needed before you can sign in.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please recharge first')).toBeInTheDocument();
  });

  it('asks for the previous month and never past the current one', async () => {
    const { calls } = routeFetch({
      'api/signin/index': (call) =>
        call.url.includes('month=2026-10') ? { ...unsigned, month: '2026-10', days: [] } : unsigned,
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() =>
      expect(screen.getByTestId('signin-month')).toHaveTextContent('October 2026'),
    );
    expect(calls.some((call) => call.url.includes('month=2026-10'))).toBe(true);
    expect(screen.queryAllByTestId('signin-day')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled();
  });
});

describe('month arithmetic', () => {
  it('shifts across years and lays out weeks from Monday', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    const weeks = monthWeeks('2026-11');
    // 2026-11-01 is a Sunday: six blanks before it.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.flat().filter((day) => day !== null)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });
});
