// The message list: entries marked read or unread with their kind and relative time, "mark all
// read", and one entry at ?kind=...&id=N (opened, so marked read; not found; a bad link).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@/features/content/api/notice';
import { Component as NoticePage } from '@/features/content/pages/notice-page';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { jsonResponse, routeFetch } from '@/test/helpers';

const now = () => Math.floor(Date.now() / 1000);

const notice = (overrides: Partial<Notice>): Notice => ({
  kind: 'message',
  id: 1,
  title: 'Deposit approved',
  body: 'Your deposit #4 of 100.00 has been approved.',
  pinned: false,
  at: now() - 2 * 3600,
  read: false,
  ...overrides,
});

const page = (list: Notice[]) => ({ list, total: list.length, page: 1, limit: 20 });

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: ROUTES.notice, Component: NoticePage }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('message list', () => {
  it('lists announcements and messages, each marked read or unread, in the order served', async () => {
    const { calls } = routeFetch({
      'api/notice/index': () =>
        page([
          notice({ kind: 'announcement', id: 3, title: 'Maintenance', pinned: true, at: now() }),
          notice({ id: 9, read: true, at: now() - 3 * 86400 }),
        ]),
      'api/notice/unread': () => ({ count: 1 }),
    });
    renderAt(ROUTES.notice);

    const entries = await screen.findAllByTestId('notice-item');
    const [announcement, message] = entries as [HTMLElement, HTMLElement];
    expect(announcement).toHaveAttribute('href', '/pages/jogos/notice?kind=announcement&id=3');
    expect(announcement).toHaveAttribute('data-read', 'false');
    expect(announcement).toHaveTextContent('Unread');
    expect(announcement).toHaveTextContent('just now');
    expect(within(announcement).getByText('Pinned')).toBeInTheDocument();
    expect(message).toHaveAttribute('href', '/pages/jogos/notice?kind=message&id=9');
    expect(message).toHaveAttribute('data-read', 'true');
    expect(message).toHaveTextContent('Read');
    expect(message).toHaveTextContent('3 days ago');
    expect(calls[0]?.headers.lang).toBe('en');
  });

  it('marks everything read and refreshes the list and the count', async () => {
    let read = false;
    const { calls } = routeFetch({
      'api/notice/index': () => page([notice({ read })]),
      'api/notice/unread': () => ({ count: read ? 0 : 1 }),
      'api/notice/read_all': () => {
        read = true;
        return { count: 0 };
      },
    });
    renderAt(ROUTES.notice);

    expect(await screen.findByTestId('notice-item')).toHaveAttribute('data-read', 'false');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));

    await vi.waitFor(() =>
      expect(screen.getByTestId('notice-item')).toHaveAttribute('data-read', 'true'),
    );
    expect(calls.some((call) => call.url === 'api/notice/read_all' && call.method === 'POST')).toBe(
      true,
    );
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument(),
    );
  });

  it('says so when there is nothing', async () => {
    routeFetch({ 'api/notice/index': () => page([]), 'api/notice/unread': () => ({ count: 0 }) });
    renderAt(ROUTES.notice);

    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});

describe('one message', () => {
  it('opens the entry, which marks it read, and shows its body as plain-text paragraphs', async () => {
    const { calls } = routeFetch({
      'api/notice/read': () =>
        notice({
          kind: 'announcement',
          id: 3,
          title: 'Maintenance',
          body: 'Tonight at 02:00.\n\n<b>Not bold</b>',
          read: true,
          at: now(),
        }),
    });
    renderAt(`${ROUTES.notice}?kind=announcement&id=3`);

    const opened = await screen.findByTestId('notice-opened');
    expect(within(opened).getByRole('heading', { name: 'Maintenance' })).toBeInTheDocument();
    expect(within(opened).getByTestId('notice-state')).toHaveTextContent('Read');
    expect(within(opened).getByText('Announcement')).toBeInTheDocument();
    expect([...opened.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Tonight at 02:00.',
      '<b>Not bold</b>',
    ]);
    expect(opened.querySelector('b')).toBeNull();
    expect(calls[0]).toMatchObject({
      url: 'api/notice/read',
      method: 'POST',
      body: { kind: 'announcement', id: '3' },
    });
  });

  it('says an entry that is not his or no longer shown is not available', async () => {
    routeFetch({
      'api/notice/read': () =>
        jsonResponse({ code: 0, msg: 'Not found', err: 'not_found', data: null }, 404),
    });
    renderAt(`${ROUTES.notice}?kind=message&id=99`);

    expect(await screen.findByText('Message not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All messages' })).toHaveAttribute(
      'href',
      '/pages/jogos/notice',
    );
  });

  it('does not ask the server about a link without a known kind and id', async () => {
    const { calls } = routeFetch({});
    renderAt(`${ROUTES.notice}?kind=news&id=3`);

    expect(await screen.findByText('Message not available')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
