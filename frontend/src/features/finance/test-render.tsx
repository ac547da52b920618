// Renders the product and investment pages on their real paths (so their links lead somewhere)
// with the dialog and toast hosts, and a player logged in; tests only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { DialogHost } from '@/components/dialog-host';
import { ToastHost } from '@/components/toast-host';
import { Component as GoodDetailPage } from '@/features/finance/pages/gooddetail-page';
import { Component as GoodListPage } from '@/features/finance/pages/goodlist-page';
import { Component as GoodLogPage } from '@/features/finance/pages/goodlog-page';
import { Component as GoodOrderPage } from '@/features/finance/pages/goodorder-page';
import { Component as InvestmentRecordsPage } from '@/features/finance/pages/investment-records-page';
import { ROUTES } from '@/lib/routes';

export const player = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: '',
  vip_level: 0,
  balance: '1000.00',
  game_balance: '0.00',
  frozen: '0.00',
  total_deposit: '1000.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
  real_name: '',
  email: '',
  tax_number: '',
  fund_password_set: true,
  bank_card_bound: false,
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const withWhere = (Page: ComponentType) => () => (
  <>
    <Page />
    <Where />
  </>
);

const PAGES: [string, ComponentType][] = [
  [ROUTES.goodList, GoodListPage],
  [ROUTES.goodDetail, GoodDetailPage],
  [ROUTES.goodOrder, GoodOrderPage],
  [ROUTES.goodLog, GoodLogPage],
  [ROUTES.investmentRecords, InvestmentRecordsPage],
  [ROUTES.yuebao, () => <h1>Yu E Bao</h1>],
];

export function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    PAGES.map(([route, Page]) => ({ path: route, Component: withWhere(Page) })),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <DialogHost />
      <ToastHost />
    </QueryClientProvider>,
  );
}

/** A query parameter of a recorded call's URL. */
export const paramOf = (url: string, name: string): string | null =>
  new URL(url, 'http://app.test/').searchParams.get(name);
