// Hash routes = the spec's page paths; every screen is its own lazy chunk.
import { createHashRouter, type RouteObject } from 'react-router';
import { guardLoader } from '@/app/guard';
import { lazyPage } from '@/app/lazy-page';
import { Root } from '@/app/root';
import { HydrateFallback, NotFound, RouteError } from '@/app/route-states';
import { TabLayout } from '@/app/tab-bar';
import { ROUTES } from '@/lib/routes';

type Loader = Parameters<typeof lazyPage>[0];

/** A page route: its own chunk and its own error view (the tab bar stays on failure). */
const page = (path: string, load: Loader): RouteObject => ({ path, lazy: lazyPage(load), errorElement: <RouteError /> });

const loadHome: Loader = () => import('@/features/home/pages/home-page');

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
      {
        element: <TabLayout />,
        children: [
          { index: true, lazy: lazyPage(loadHome), errorElement: <RouteError /> },
          page(ROUTES.home, loadHome),
          page(ROUTES.trend, () => import('@/features/yn28/pages/trend-page')),
          page(ROUTES.usdtrate, () => import('@/features/yn28/pages/usdtrate-page')),
          page(ROUTES.customer, () => import('@/features/content/pages/customer-page')),
          page(ROUTES.mine, () => import('@/features/mine/pages/mine-page')),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routes);
