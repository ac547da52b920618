// The investment records page: the player's product orders (each opening its order) and, on the
// second tab, the savings moves and interest, with honest empty states.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavingsRecord } from '@/features/finance/api/savings';
import { nowSecs, order, orderDetail, page } from '@/features/finance/test-fixtures';
import { player, renderAt } from '@/features/finance/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch, type Answer, type FetchCall } from '@/test/helpers';

const SAVINGS: SavingsRecord[] = [
  {
    id: 9,
    kind: 'interest',
    amount: '0.37',
    balance_after: '500.37',
    memo: '2026-11-22',
    created_at: nowSecs() - 60,
  },
  {
    id: 8,
    kind: 'savings_out',
    amount: '-10.00',
    balance_after: '500.00',
    memo: '',
    created_at: nowSecs() - 2 * 86_400,
  },
];

let answers: Record<string, Answer>;
let calls: FetchCall[];

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = {
    'api/personal/index': () => player,
    'api/goods/orders': () => page([order(), order({ id: 12, state: 'completed' })]),
    'api/goods/order': () => orderDetail(),
    'api/yuebao/log': () => page(SAVINGS),
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const paths = () => calls.map((call) => call.url.split('?')[0]);

describe('investment records page', () => {
  it('lists the product orders, each opening its order', async () => {
    renderAt(ROUTES.investmentRecords);
    const orders = await screen.findAllByTestId('goods-order');
    expect(orders).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'Investment' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const [running, completed] = orders as [HTMLElement, HTMLElement];
    expect(running).toHaveTextContent('Coffee Estate');
    expect(running).toHaveTextContent('Running');
    expect(within(running).getByTestId('order-interest')).toHaveTextContent('3.00 / 9.00');
    expect(completed).toHaveTextContent('Completed');
    expect(within(completed).getByRole('link', { name: 'Coffee Estate' })).toHaveAttribute(
      'href',
      '/pages/lc/goodorder?id=12',
    );
    expect(paths()).not.toContain('api/yuebao/log');

    await userEvent.click(within(running).getByRole('link', { name: 'Coffee Estate' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/lc/goodorder?id=31');
  });

  it('switches to the savings moves, which lead to Yu E Bao', async () => {
    renderAt(ROUTES.investmentRecords);
    await screen.findAllByTestId('goods-order');

    await userEvent.click(screen.getByRole('radio', { name: 'Savings' }));

    const records = await screen.findAllByTestId('savings-record');
    expect(records).toHaveLength(2);
    expect(records[0]).toHaveTextContent('Interest');
    expect(records[0]).toHaveTextContent('+0.37');
    expect(records[1]).toHaveTextContent('Out of savings');
    expect(records[1]).toHaveTextContent('-10.00');
    expect(screen.queryByTestId('goods-order')).not.toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('api/yuebao/log'))?.url).toBe(
      'api/yuebao/log?page=1&limit=20',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Financial Management' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/lc/yuebao');
  });

  it('says honestly that there are no investments or savings yet', async () => {
    answers['api/goods/orders'] = () => page([]);
    answers['api/yuebao/log'] = () => page([]);
    renderAt(ROUTES.investmentRecords);

    expect(await screen.findByText('No investments yet')).toBeInTheDocument();
    expect(
      screen.getByText('Product purchases, payouts and returns will appear here once you invest.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/pages/lc/goodlist',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Savings' }));
    expect(await screen.findByText('No savings yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Financial Management' })).toHaveAttribute(
      'href',
      '/pages/lc/yuebao',
    );
  });
});
