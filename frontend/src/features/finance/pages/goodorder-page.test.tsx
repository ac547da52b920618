// The player's product orders: the list, newest first, and one order with its whole schedule.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { order, orderDetail, page } from '@/features/finance/test-fixtures';
import { player, renderAt } from '@/features/finance/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, routeFetch, type Answer, type FetchCall } from '@/test/helpers';

let answers: Record<string, Answer>;
let calls: FetchCall[];

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = {
    'api/personal/index': () => player,
    'api/goods/orders': () =>
      page([
        order(),
        order({
          id: 12,
          product_name: 'Tea Garden',
          picture: 'media/products/tea.png',
          state: 'completed',
          paid_interest: '9.00',
          paid_principal: '300.00',
          instalments_paid: 3,
          next_due_at: null,
        }),
      ]),
    'api/goods/order': () => orderDetail(),
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('project orders', () => {
  it('lists the orders with their payout progress, each opening the order', async () => {
    renderAt('/pages/lc/goodorder');
    const cards = await screen.findAllByTestId('goods-order');
    expect(calls.find((call) => call.url.startsWith('api/goods/orders'))?.url).toBe(
      'api/goods/orders?page=1&limit=20',
    );
    const [running, done] = cards as [HTMLElement, HTMLElement];
    expect(running).toHaveTextContent('Coffee Estate');
    expect(running).toHaveTextContent('Running');
    expect(running).toHaveTextContent('300.00');
    expect(running).toHaveTextContent('20 days ago');
    expect(within(running).getByTestId('order-interest')).toHaveTextContent('3.00 / 9.00');
    expect(within(running).getByTestId('order-instalments')).toHaveTextContent('1/3');
    expect(running).toHaveTextContent(/Next payout\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(done).toHaveTextContent('Completed');
    expect(done.querySelector('img')).toHaveAttribute('src', 'media/products/tea.png');
    expect(within(done).getByTestId('order-instalments')).toHaveTextContent('3/3');
    expect(done).toHaveTextContent('Next payout—');

    await userEvent.click(within(running).getByRole('link', { name: 'Coffee Estate' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/lc/goodorder?id=31');
    expect(await screen.findByTestId('goods-order-schedule')).toBeInTheDocument();
  });

  it('shows one order with every instalment, paid or due, and the totals', async () => {
    renderAt('/pages/lc/goodorder?id=31');
    const table = await screen.findByTestId('goods-order-schedule');
    expect(calls.find((call) => call.url.startsWith('api/goods/order?'))?.url).toBe(
      'api/goods/order?id=31',
    );
    const detail = screen.getByTestId('goods-order-detail');
    expect(detail).toHaveTextContent('#31');
    expect(detail).toHaveTextContent('Interest every cycle, principal at maturity');
    const rows = within(table).getAllByTestId('schedule-row');
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      '3.00',
      '0.00',
      '3.00',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    ]);
    expect(cells(rows[2]!)).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d/),
      '3.00',
      '300.00',
      '303.00',
      'Due',
    ]);
    expect(within(table).getByTestId('schedule-totals')).toHaveTextContent(
      'In total9.00300.00309.00',
    );
    expect(screen.getByRole('link', { name: 'Project Details' })).toHaveAttribute(
      'href',
      '/pages/lc/gooddetail?id=7',
    );
  });

  it('says an order the server does not know was not found', async () => {
    answers['api/goods/order'] = () =>
      jsonResponse({ code: 0, msg: 'Not found', err: 'not_found', data: null });
    renderAt('/pages/lc/goodorder?id=5');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });

  it('says honestly that there are no orders yet', async () => {
    answers['api/goods/orders'] = () => page([]);
    renderAt('/pages/lc/goodorder');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/pages/lc/goodlist',
    );
    expect(screen.getByRole('link', { name: 'Project Benefits' })).toHaveAttribute(
      'href',
      '/pages/lc/goodlog',
    );
  });
});
