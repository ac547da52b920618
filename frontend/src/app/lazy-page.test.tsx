import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyPage, PAGE_TIMEOUT_MS, PageTimeoutError, withTimeout } from '@/app/lazy-page';
import { HydrateFallback, RouteError } from '@/app/route-states';
import { activateLanguage } from '@/i18n/i18n';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => vi.useRealTimers());

const never = () => new Promise<never>(() => undefined);

describe('lazy pages', () => {
  it('give up after 60 s', async () => {
    vi.useFakeTimers();
    const outcome = withTimeout(never()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(PAGE_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(PageTimeoutError);
  });

  it('pass a loaded page through', async () => {
    const Page = () => <p>page</p>;
    await expect(lazyPage(() => Promise.resolve({ Component: Page }))()).resolves.toEqual({
      Component: Page,
    });
  });

  it('show an error view with a retry button when the chunk fails', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          HydrateFallback,
          errorElement: <RouteError />,
          lazy: lazyPage(() =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('say when loading took too long', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          HydrateFallback,
          errorElement: <RouteError />,
          lazy: () => Promise.reject(new PageTimeoutError()),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByText('Loading took too long. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it('show the loading view only after 200 ms', async () => {
    vi.useFakeTimers();
    render(<HydrateFallback />);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
