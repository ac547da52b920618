// The task page as a player meets it: progress against the target, the states, claiming with a
// key, and the server's refusal shown.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import type { Task } from '@/features/growth/tasks/api/tasks';
import { Component as JobPage } from '@/features/growth/tasks/pages/job-page';
import { activateLanguage } from '@/i18n/i18n';
import { jsonResponse, routeFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const betOnce: Task = {
  id: 1,
  title: 'Bet 3 times today',
  description: 'Any room counts',
  kind: 'bet_count',
  daily: true,
  target: '3',
  progress: '1',
  reward: '5.00',
  completed: false,
  received: false,
  end_at: null,
};

const deposit: Task = {
  id: 2,
  title: 'Deposit 100',
  description: '',
  kind: 'deposit',
  daily: false,
  target: '100.00',
  progress: '100.00',
  reward: '10.00',
  completed: true,
  received: false,
  end_at: null,
};

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', Component: JobPage }], {
    initialEntries: ['/pages/cc/task/job'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

describe('task page', () => {
  it('shows each task with its progress, reward and state', async () => {
    routeFetch({ 'api/task/index': () => ({ list: [betOnce, deposit] }) });
    renderPage();
    const first = await screen.findByTestId('task-1');
    expect(within(first).getByRole('heading', { name: 'Bet 3 times today' })).toBeVisible();
    expect(within(first).getByText('Daily')).toBeVisible();
    expect(within(first).getByTestId('task-progress')).toHaveTextContent('1 / 3');
    expect(within(first).getByRole('meter')).toHaveAttribute('value', '33');
    expect(within(first).getByText('Incomplete')).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Claim' })).toBeDisabled();
    const second = screen.getByTestId('task-2');
    expect(within(second).getByText('One-time')).toBeVisible();
    expect(within(second).getByTestId('task-progress')).toHaveTextContent('100.00 / 100.00');
    expect(within(second).getByText('Completed')).toBeVisible();
    expect(within(second).getByRole('button', { name: 'Claim' })).toBeEnabled();
  });

  it('claims a completed task once with a key and shows it received', async () => {
    let list = [deposit];
    const { calls } = routeFetch({
      'api/task/index': () => ({ list }),
      'api/task/claim': () => {
        list = [{ ...deposit, received: true }];
        return { task_id: 2, reward: '10.00', balance: '10.00' };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Reward received: +10.00')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Received' })).toBeDisabled();
    const claims = calls.filter((call) => call.url === 'api/task/claim');
    expect(claims).toHaveLength(1);
    expect(claims[0]?.body).toEqual({ id: 2 });
    expect(claims[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("shows the server's refusal", async () => {
    routeFetch({
      'api/task/index': () => ({ list: [deposit] }),
      'api/task/claim': () =>
        jsonResponse({ code: 0, msg: 'Condition not met', err: 'condition_not_met', data: null }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Condition not met')).toBeInTheDocument();
  });

  it('says when there is no task', async () => {
    routeFetch({ 'api/task/index': () => ({ list: [] }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No tasks right now' })).toBeVisible();
  });
});
