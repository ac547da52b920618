// The product list as a player meets it: categories as tabs, a card per product with the
// purchased and reserved parts of its capacity told apart, and the way into its details.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { product } from '@/features/finance/test-fixtures';
import { paramOf, player, renderAt } from '@/features/finance/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch, type Answer, type FetchCall } from '@/test/helpers';

const CATEGORIES = [
  { code: 'drinks', name: 'Drinks', picture: 'media/categories/drinks.png' },
  { code: 'fruit', name: 'Fruit', picture: null },
];
const COFFEE = product();
const MANGO = product({
  id: 8,
  name: 'Mango Orchard',
  category: 'fruit',
  picture: null,
  cycle_unit: 'hour',
  cycle_length: 12,
  state: 'sold_out',
  purchased_percent: '95.50',
  reserved_percent: '4.50',
  remaining: '0.00',
});

let answers: Record<string, Answer>;
let calls: FetchCall[];

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = {
    'api/personal/index': () => player,
    'api/goods/index': (call) => {
      const category = paramOf(call.url, 'category') ?? '';
      const products = [COFFEE, MANGO].filter(
        (entry) => category === '' || entry.category === category,
      );
      return { categories: CATEGORIES, products };
    },
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const indexCalls = () =>
  calls.filter((call) => call.url.startsWith('api/goods/index')).map((call) => call.url);

describe('product list', () => {
  it('shows the categories and a card per product with the two parts of its progress', async () => {
    renderAt('/pages/lc/goodlist');
    const cards = await screen.findAllByTestId('goods-product');
    expect(cards).toHaveLength(2);

    const tabs = within(screen.getByRole('tablist', { name: 'Categories' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Drinks', 'Fruit']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]?.querySelector('img')).toHaveAttribute('src', 'media/categories/drinks.png');
    expect(tabs[2]?.querySelector('img')).toBeNull();

    const [coffee, mango] = cards as [HTMLElement, HTMLElement];
    expect(within(coffee).getByRole('heading', { name: 'Coffee Estate' })).toBeInTheDocument();
    expect(coffee.querySelector('img')).toHaveAttribute('src', 'media/products/ab12.png');
    expect(coffee).toHaveTextContent('On sale');
    expect(coffee).toHaveTextContent('12.00 %');
    expect(coffee).toHaveTextContent('30 days');
    expect(coffee).toHaveTextContent('200.00');
    // Purchased and reserved are shown apart: 40 % bought, 10 % held back, never 50 % bought.
    expect(within(coffee).getByTestId('progress-purchased')).toHaveTextContent('Purchased 40.00 %');
    expect(within(coffee).getByTestId('progress-reserved')).toHaveTextContent('Reserved 10.00 %');
    expect(within(coffee).getByTestId('progress-remaining')).toHaveTextContent(
      'Remaining 50,000.00',
    );
    expect(coffee).not.toHaveTextContent('50.00 %');

    expect(mango).toHaveTextContent('Sold out');
    expect(mango).toHaveTextContent('12 hours');
    expect(within(mango).getByTestId('progress-purchased')).toHaveTextContent('95.50 %');
    expect(within(mango).getByTestId('progress-reserved')).toHaveTextContent('4.50 %');
    expect(mango.querySelector('img')).toBeNull();
  });

  it('opens the details of a tapped product', async () => {
    renderAt('/pages/lc/goodlist');
    const link = await screen.findByRole('link', { name: 'Coffee Estate' });
    expect(link).toHaveAttribute('href', '/pages/lc/gooddetail?id=7');
    answers['api/goods/detail'] = () => ({ ...COFFEE, description: '' });
    answers['api/goods/schedule'] = () => new Response('{}', { status: 500 });
    await userEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/lc/gooddetail?id=7');
  });

  it('asks for one category when its tab is chosen', async () => {
    renderAt('/pages/lc/goodlist');
    await screen.findAllByTestId('goods-product');
    await userEvent.click(screen.getByRole('tab', { name: 'Fruit' }));
    await waitFor(() => expect(screen.getAllByTestId('goods-product')).toHaveLength(1));
    expect(screen.getByTestId('goods-product')).toHaveTextContent('Mango Orchard');
    expect(screen.getByRole('tab', { name: 'Fruit' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/lc/goodlist?category=fruit');
    expect(indexCalls()).toEqual(['api/goods/index', 'api/goods/index?category=fruit']);
  });

  it('says so when a category has no products', async () => {
    answers['api/goods/index'] = () => ({ categories: [], products: [] });
    renderAt('/pages/lc/goodlist');
    expect(await screen.findByText('No products here')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Project Order' })).toHaveAttribute(
      'href',
      '/pages/lc/goodorder',
    );
  });
});
