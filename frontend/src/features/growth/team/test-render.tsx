// Renders the team pages on their real paths with the dialog and toast hosts, a player logged
// in, and the fixtures the endpoints answer; tests only.
import type { ComponentType } from 'react';
import type { RebateOverview } from '@/features/growth/team/api/rebate';
import type { SalaryOverview } from '@/features/growth/team/api/salary';
import type { TeamFigures, TeamMember, TeamSummary } from '@/features/growth/team/api/team';
import { Component as BackwaterPage } from '@/features/growth/team/pages/backwater-page';
import { Component as BuddyPage } from '@/features/growth/team/pages/buddy-page';
import { Component as ConvidarPage } from '@/features/growth/team/pages/convidar-page';
import type { Paged } from '@/lib/paging';
import { ROUTES } from '@/lib/routes';
import { paramOf, renderPages } from '@/test/render-pages';

export const player = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: '',
  vip_level: 0,
  balance: '10.00',
  game_balance: '0.00',
  frozen: '0.00',
  total_deposit: '0.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
  real_name: '',
  email: '',
  tax_number: '',
  fund_password_set: false,
  bank_card_bound: false,
};

export const page = <T,>(list: T[], total = list.length, at = 1): Paged<T> => ({
  list,
  total,
  page: at,
  limit: 20,
});

const figures = (level: number, people: number, bets: string, bonus: string): TeamFigures => ({
  level,
  people,
  recharge: `${people * 100}.00`,
  bets,
  withdrawals: '0.00',
  bonus,
});

export const team: TeamSummary = {
  invite_code: 'AB12CD',
  invite_path: '/#/pages/login/reg?code=AB12CD',
  levels: [
    figures(1, 2, '300.00', '3.00'),
    figures(2, 1, '100.00', '0.50'),
    figures(3, 0, '0.00', '0.00'),
  ],
  total: figures(0, 3, '400.00', '3.50'),
};

export const member = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  phone: '139****0001',
  level: 1,
  joined_at: 1_795_334_400,
  recharge: '100.00',
  bets: '150.00',
  ...overrides,
});

export const rebate = (overrides: Partial<RebateOverview> = {}): RebateOverview => ({
  pending_rebate: '0.50',
  pending_commission: '3.00',
  pending: '3.50',
  last_batch_at: 1_795_334_400,
  next_batch_at: 1_795_338_000,
  rates: { rebate_bps: 50, commission_bps: [100, 50, 20], batch_interval_secs: 3600 },
  history: page([
    {
      batch_id: 7,
      paid_at: 1_795_334_400,
      rebate: '0.25',
      commission: ['1.00', '0.40', '0.10'],
      total: '1.75',
    },
  ]),
  ...overrides,
});

export const salary = (overrides: Partial<SalaryOverview> = {}): SalaryOverview => ({
  tiers: [
    { tier: 1, volume_min: '10000.00', active_min: 3, amount: '100.00' },
    { tier: 2, volume_min: '50000.00', active_min: 5, amount: '600.00' },
  ],
  week: { start: 1_795_280_400, end: 1_795_885_200 },
  volume: '12000.00',
  active: 4,
  tier: 1,
  history: page([
    {
      user_id: 3,
      week_start: 1_794_675_600,
      volume: '15000.00',
      active: 3,
      tier: 1,
      amount: '100.00',
      paid_at: 1_795_280_400,
    },
  ]),
  ...overrides,
});

const PAGES: [string, ComponentType][] = [
  [ROUTES.invite, ConvidarPage],
  [ROUTES.buddy, BuddyPage],
  [ROUTES.backwater, BackwaterPage],
];

export const renderAt = (path: string) => renderPages(PAGES, path);

export { paramOf };
