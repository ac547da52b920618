// Renders the product and investment pages on their real paths (so their links lead somewhere)
// with the dialog and toast hosts, and a player logged in; tests only.
import type { ComponentType } from 'react';
import { Component as GoodDetailPage } from '@/features/finance/pages/gooddetail-page';
import { Component as GoodListPage } from '@/features/finance/pages/goodlist-page';
import { Component as GoodLogPage } from '@/features/finance/pages/goodlog-page';
import { Component as GoodOrderPage } from '@/features/finance/pages/goodorder-page';
import { Component as InvestmentRecordsPage } from '@/features/finance/pages/investment-records-page';
import { ROUTES } from '@/lib/routes';
import { paramOf, renderPages } from '@/test/render-pages';

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

const PAGES: [string, ComponentType][] = [
  [ROUTES.goodList, GoodListPage],
  [ROUTES.goodDetail, GoodDetailPage],
  [ROUTES.goodOrder, GoodOrderPage],
  [ROUTES.goodLog, GoodLogPage],
  [ROUTES.investmentRecords, InvestmentRecordsPage],
  [ROUTES.yuebao, () => <h1>Yu E Bao</h1>],
];

export const renderAt = (path: string) => renderPages(PAGES, path);

export { paramOf };
