// Hash routes = the spec's page paths; every screen is its own lazy chunk.
import { lazy } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { guardLoader } from '@/app/guard';
import { lazyPage, withTimeout } from '@/app/lazy-page';
import { Root } from '@/app/root';
import { HydrateFallback, NotFound, RouteError } from '@/app/route-states';
import { TabLayout } from '@/app/tab-bar';
import { ROUTES } from '@/lib/routes';

type Loader = Parameters<typeof lazyPage>[0];

/** A page route: its own chunk and its own error view (the tab bar stays on failure). */
const page = (path: string, load: Loader): RouteObject => ({
  path,
  lazy: lazyPage(load),
  errorElement: <RouteError />,
});

const loadHome: Loader = () => import('@/features/home/pages/home-page');
// Pages reached by two spec paths load the same chunk.
const loadDeposit: Loader = () => import('@/features/wallet/pages/deposit-page');
const loadAddBank: Loader = () => import('@/features/wallet/pages/add-bank-page');
const loadBankCards: Loader = () => import('@/features/wallet/pages/bank-cards-page');
const loadChanges: Loader = () => import('@/features/wallet/pages/account-changes-page');
const loadFundPassword: Loader = () => import('@/features/account/pages/fund-password-page');
const loadLoginPassword: Loader = () => import('@/features/account/pages/login-password-page');

// Games (pages/cc): one chunk per page kind, shared by K3, PK10, SSC and RGB. The draw-fairness
// view of games/fair reaches those pages, and the yn28 hall, room, trade and trend pages,
// through the fairness slot (games/parts/fairness-slot), in a chunk of its own.
const DrawFairness = lazy(() =>
  import('@/features/games/fair/draw-fairness').then((module) => ({
    default: module.DrawFairness,
  })),
);
const loadCcIndex: Loader = () => import('@/features/games/quick/pages/index-page');
const loadCcOrder: Loader = () => import('@/features/games/quick/pages/order-page');
const loadCcOpen: Loader = () => import('@/features/games/quick/pages/open-page');
/** A layout route (no path) providing the fairness view to the pages below it. */
const loadFairnessLayout = async () => ({
  Component: (await withTimeout(import('@/features/games/parts/fairness-slot'))).fairnessLayout(
    DrawFairness,
  ),
});
// pages/first-storage/index: the deposit page with the first-deposit bonus's rules above its
// form (growth's view, through the wallet's banner slot), in a chunk of its own.
const FirstDepositRules = lazy(() => import('@/features/growth/bonus/parts/first-deposit-rules'));
const loadFirstDepositLayout = async () => ({
  Component: (
    await withTimeout(import('@/features/wallet/parts/deposit-banner-slot'))
  ).depositBannerLayout(FirstDepositRules),
});
// pages/mine/account/index and pages/yn28/info/withdraw: the deposit bonuses still waiting for
// play (growth's view, through the wallet's bonus slot), in a chunk of its own.
const BonusPendingCard = lazy(() =>
  import('@/features/growth/bonus/parts/bonus-pending-card').then((module) => ({
    default: module.BonusPendingCard,
  })),
);
const loadBonusLayout = async () => ({
  Component: (await withTimeout(import('@/features/wallet/parts/bonus-slot'))).bonusLayout(
    BonusPendingCard,
  ),
});
const ccRoutes: RouteObject = {
  lazy: loadFairnessLayout,
  errorElement: <RouteError />,
  children: [
    page(ROUTES.ccK3, loadCcIndex),
    page(ROUTES.ccK3Order, loadCcOrder),
    page(ROUTES.ccK3Open, loadCcOpen),
    page(ROUTES.ccPk, loadCcIndex),
    page(ROUTES.ccPkOrder, loadCcOrder),
    page(ROUTES.ccPkOpen, loadCcOpen),
    page(ROUTES.ccSsc, loadCcIndex),
    page(ROUTES.ccSscOrder, loadCcOrder),
    page(ROUTES.ccSscOpen, loadCcOpen),
    page(ROUTES.ccRgb, loadCcIndex),
    page(ROUTES.ccRgbOrder, loadCcOrder),
    page(ROUTES.ccRgbOpen, loadCcOpen),
  ],
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    loader: guardLoader,
    // The guard must see every navigation, not only the first.
    shouldRevalidate: () => true,
    HydrateFallback,
    errorElement: <RouteError />,
    children: [
      page(ROUTES.login, () => import('@/features/auth/pages/login-page')),
      page(ROUTES.register, () => import('@/features/auth/pages/register-page')),
      page(ROUTES.forget, () => import('@/features/auth/pages/forget-page')),
      page(ROUTES.language, () => import('@/features/auth/pages/lang-page')),
      page(ROUTES.deposit, loadDeposit),
      {
        lazy: loadFirstDepositLayout,
        errorElement: <RouteError />,
        children: [page(ROUTES.firstDeposit, loadDeposit)],
      },
      page(ROUTES.vip, () => import('@/features/growth/vip/pages/vip-page')),
      page(ROUTES.returnCash, () => import('@/features/growth/bonus/pages/return-cash-page')),
      {
        lazy: loadBonusLayout,
        errorElement: <RouteError />,
        children: [
          page(ROUTES.withdraw, () => import('@/features/wallet/pages/withdraw-page')),
          page(ROUTES.account, () => import('@/features/wallet/pages/account-page')),
        ],
      },
      page(ROUTES.conversion, () => import('@/features/wallet/pages/conversion-page')),
      page(ROUTES.accountChanges, loadChanges),
      page(ROUTES.bill, loadChanges),
      page(ROUTES.statement, () => import('@/features/wallet/pages/statement-page')),
      page(ROUTES.rechargeRecords, () => import('@/features/wallet/pages/recharge-records-page')),
      page(ROUTES.withdrawRecords, () => import('@/features/wallet/pages/withdraw-records-page')),
      page(
        ROUTES.investmentRecords,
        () => import('@/features/finance/pages/investment-records-page'),
      ),
      page(ROUTES.yuebao, () => import('@/features/finance/pages/yuebao-page')),
      page(ROUTES.yuebaoLog, () => import('@/features/finance/pages/yuebaolog-page')),
      page(ROUTES.goodList, () => import('@/features/finance/pages/goodlist-page')),
      page(ROUTES.goodDetail, () => import('@/features/finance/pages/gooddetail-page')),
      page(ROUTES.goodOrder, () => import('@/features/finance/pages/goodorder-page')),
      page(ROUTES.invite, () => import('@/features/growth/team/pages/convidar-page')),
      page(ROUTES.buddy, () => import('@/features/growth/team/pages/buddy-page')),
      page(ROUTES.backwater, () => import('@/features/growth/team/pages/backwater-page')),
      page(ROUTES.goodLog, () => import('@/features/finance/pages/goodlog-page')),
      page(ROUTES.ccTaskSign, () => import('@/features/growth/signin/pages/sign-page')),
      page(ROUTES.ccTaskJob, () => import('@/features/growth/tasks/pages/job-page')),
      page(ROUTES.ccHong, () => import('@/features/growth/envelopes/pages/hong-page')),
      page(ROUTES.chooseLocation, () => import('@/features/system/pages/choose-location-page')),
      page(ROUTES.openLocation, () => import('@/features/system/pages/open-location-page')),
      page(ROUTES.telegram, () => import('@/features/system/pages/telegram-page')),
      page(ROUTES.framebox, () => import('@/features/system/pages/framebox-page')),
      page(ROUTES.addBank, loadAddBank),
      page(ROUTES.bind, loadAddBank),
      page(ROUTES.bankCards, loadBankCards),
      page(ROUTES.bindList, loadBankCards),
      page(ROUTES.addUsdt, () => import('@/features/wallet/pages/add-usdt-page')),
      page(ROUTES.usdtAddresses, () => import('@/features/wallet/pages/usdt-addresses-page')),
      page(ROUTES.passwords, () => import('@/features/account/pages/passwords-page')),
      page(ROUTES.fundPassword, loadFundPassword),
      page(ROUTES.fundPasswordMine, loadFundPassword),
      page(ROUTES.loginPassword, loadLoginPassword),
      page(ROUTES.loginPasswordMine, loadLoginPassword),
      page(ROUTES.settings, () => import('@/features/account/pages/settings-page')),
      page(ROUTES.userInfo, () => import('@/features/account/pages/user-info-page')),
      page(ROUTES.setEmail, () => import('@/features/account/pages/set-email-page')),
      page(ROUTES.setMobile, () => import('@/features/account/pages/set-mobile-page')),
      page(ROUTES.setHeader, () => import('@/features/account/pages/set-header-page')),
      page(ROUTES.privacy, () => import('@/features/account/pages/privacy-page')),
      page(ROUTES.playRecord, () => import('@/features/games/records/pages/play-record-page')),
      page(ROUTES.protection, () => import('@/features/protection/pages/protection-page')),
      {
        lazy: loadFairnessLayout,
        errorElement: <RouteError />,
        children: [
          page(ROUTES.yn28Room, () => import('@/features/games/yn28/pages/roominfo-page')),
          page(ROUTES.yn28Trade, () => import('@/features/games/yn28/pages/trade-page')),
        ],
      },
      page(ROUTES.ccLong, () => import('@/features/games/long/pages/long-page')),
      page(ROUTES.ccRules, () => import('@/features/games/rules/pages/rules-page')),
      page(ROUTES.jogos, () => import('@/features/games/jogos/pages/jogos-page')),
      page(ROUTES.jogosDetails, () => import('@/features/games/jogos/pages/game-details-page')),
      page(ROUTES.news, () => import('@/features/content/pages/news-page')),
      page(ROUTES.events, () => import('@/features/content/pages/events-page')),
      page(ROUTES.eventDetails, () => import('@/features/content/pages/event-details-page')),
      page(ROUTES.helpList, () => import('@/features/content/pages/help-list-page')),
      page(ROUTES.helpDetail, () => import('@/features/content/pages/help-detail-page')),
      page(ROUTES.aboutUs, () => import('@/features/content/pages/about-page')),
      page(ROUTES.notice, () => import('@/features/content/pages/notice-page')),
      {
        element: <TabLayout />,
        children: [
          { index: true, lazy: lazyPage(loadHome), errorElement: <RouteError /> },
          page(ROUTES.home, loadHome),
          {
            lazy: loadFairnessLayout,
            errorElement: <RouteError />,
            children: [page(ROUTES.trend, () => import('@/features/games/yn28/pages/trend-page'))],
          },
          page(ROUTES.usdtrate, () => import('@/features/wallet/pages/usdtrate-page')),
          page(ROUTES.customer, () => import('@/features/content/pages/customer-page')),
          page(ROUTES.mine, () => import('@/features/mine/pages/mine-page')),
        ],
      },
      ccRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routes);
