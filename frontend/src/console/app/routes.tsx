// The console's hash routes (/admin/#/...): the sign-in screen, and the shell's screens.
import type { RouteObject } from 'react-router';
import { Shell, SIGN_IN_PATH } from '@/console/app/shell';
import { AuditPage } from '@/console/pages/audit-page';
import { DepositDetailPage } from '@/console/pages/deposit-detail-page';
import { DepositQueuePage } from '@/console/pages/deposit-queue-page';
import { NotFoundPage } from '@/console/pages/not-found-page';
import { PlayerPage } from '@/console/pages/player-page';
import { PlayerSearchPage } from '@/console/pages/player-search-page';
import { SignInPage } from '@/console/pages/sign-in-page';
import { StaffPage } from '@/console/pages/staff-page';
import { StartPage } from '@/console/pages/start-page';
import { WithdrawalDetailPage } from '@/console/pages/withdrawal-detail-page';
import { WithdrawalQueuePage } from '@/console/pages/withdrawal-queue-page';

export const routes: RouteObject[] = [
  { path: SIGN_IN_PATH, Component: SignInPage },
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, Component: StartPage },
      { path: 'deposits', Component: DepositQueuePage },
      { path: 'deposits/:id', Component: DepositDetailPage },
      { path: 'withdrawals', Component: WithdrawalQueuePage },
      { path: 'withdrawals/:id', Component: WithdrawalDetailPage },
      { path: 'players', Component: PlayerSearchPage },
      { path: 'players/:id', Component: PlayerPage },
      { path: 'staff', Component: StaffPage },
      { path: 'audit', Component: AuditPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
