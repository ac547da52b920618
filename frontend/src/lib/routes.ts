// The spec's page paths (hash routes). Screens link with these, never with literals.
export const ROUTES = {
  root: '/',
  home: '/pages/home/index',
  login: '/pages/login/index',
  register: '/pages/login/reg',
  forget: '/pages/login/forget',
  language: '/pages/login/lang',
  mine: '/pages/mine/index',
  trend: '/pages/yn28/trend',
  usdtrate: '/pages/yn28/usdtrate',
  customer: '/pages/yn28/customer',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** Pages that open without a login token (query string ignored). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([ROUTES.login, ROUTES.forget, ROUTES.register, ROUTES.language]);

/** Pages a logged-in user has no business on: they go home instead. */
export const GUEST_ONLY_PATHS: ReadonlySet<string> = new Set([ROUTES.login, ROUTES.register]);
