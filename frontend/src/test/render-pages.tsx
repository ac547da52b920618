// Renders feature pages on their real paths (so their links lead somewhere) with the dialog and
// toast hosts and a fresh query client; a `where` output shows the current path. Tests only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { DialogHost } from '@/components/dialog-host';
import { ToastHost } from '@/components/toast-host';

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

/** Renders `pages` (path, page) starting at `path`. */
export function renderPages(pages: [string, ComponentType][], path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    pages.map(([route, Page]) => ({ path: route, Component: withWhere(Page) })),
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
