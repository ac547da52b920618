// Project Benefits: every payout made on the player's orders.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductBenefit } from '@/features/finance/api/product-benefits';
import { nowSecs, page } from '@/features/finance/test-fixtures';
import { player, renderAt } from '@/features/finance/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch, type Answer, type FetchCall } from '@/test/helpers';

const benefit = (overrides: Partial<ProductBenefit>): ProductBenefit => ({
  order_id: 31,
  product_name: 'Coffee Estate',
  instalment: 1,
  instalments: 3,
  interest: '3.00',
  principal: '0.00',
  amount: '3.00',
  paid_at: nowSecs() - 3 * 86_400,
  ...overrides,
});

let answers: Record<string, Answer>;
let calls: FetchCall[];

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = {
    'api/personal/index': () => player,
    'api/goods/benefits': () =>
      page([
        benefit({
          instalment: 3,
          interest: '3.00',
          principal: '300.00',
          amount: '303.00',
          paid_at: nowSecs() - 60,
        }),
        benefit({}),
      ]),
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('project benefits', () => {
  it('lists each payout with its order, instalment, parts and time', async () => {
    renderAt('/pages/lc/goodlog');
    const cards = await screen.findAllByTestId('goods-benefit');
    expect(calls.find((call) => call.url.startsWith('api/goods/benefits'))?.url).toBe(
      'api/goods/benefits?page=1&limit=20',
    );
    const [last, first] = cards as [HTMLElement, HTMLElement];
    expect(last).toHaveTextContent('Coffee Estate');
    expect(last).toHaveTextContent('Amount+303.00');
    expect(last).toHaveTextContent('Interest3.00');
    expect(last).toHaveTextContent('Principal300.00');
    expect(last).toHaveTextContent('Instalment3/3');
    expect(last).toHaveTextContent('just now');
    expect(within(last).getByRole('link', { name: '#31' })).toHaveAttribute(
      'href',
      '/pages/lc/goodorder?id=31',
    );
    expect(first).toHaveTextContent('Instalment1/3');
    expect(first).toHaveTextContent('3 days ago');
  });

  it('says honestly that nothing was paid yet', async () => {
    answers['api/goods/benefits'] = () => page([]);
    renderAt('/pages/lc/goodlog');
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
    expect(
      screen.getByText('Interest and principal paid on your orders will appear here.'),
    ).toBeInTheDocument();
  });
});
