// The router's pages are exactly ROUTES: the end-to-end tour (e2e/tour.spec.ts) visits every
// ROUTES entry with axe-core, so a page outside ROUTES would escape the accessibility check.
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { ROUTES } from '@/lib/routes';

const pathsOf = (list: readonly RouteObject[]): string[] =>
  list.flatMap((route) => [
    ...(route.path === undefined ? [] : [route.path]),
    ...pathsOf(route.children ?? []),
  ]);

describe('the route list', () => {
  it('every page path of the router is in ROUTES, and every ROUTES path is routed', () => {
    const routed = pathsOf(routes).filter((path) => path !== '*');
    const listed: string[] = Object.values(ROUTES).filter((path) => path !== ROUTES.root);
    expect([...new Set(routed)].sort()).toEqual([...new Set(listed)].sort());
  });
});
