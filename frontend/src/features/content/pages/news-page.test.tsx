// The news page: the list (pinned marker, relative times, paging, empty and failed states) and
// one article at ?id=N (plain-text paragraphs, the removed-article state).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewsArticle, NewsItem } from '@/features/content/api/news';
import { Component as NewsPage } from '@/features/content/pages/news-page';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

const now = () => Math.floor(Date.now() / 1000);

const item = (overrides: Partial<NewsItem>): NewsItem => ({
  id: 1,
  title: 'Weekly draw report',
  summary: 'Every draw of the week verified…',
  pinned: false,
  published_at: now() - 2 * 3600,
  ...overrides,
});

const ARTICLE: NewsArticle = {
  id: 7,
  title: 'Maintenance tonight',
  body: 'The hall closes at 02:00.\nBets stay open until then.\n\n<b>Not bold</b> & safe',
  pinned: true,
  published_at: now() - 60,
  updated_at: now() - 60,
};

const notFound = () =>
  jsonResponse({ code: 0, msg: 'Not found', err: 'not_found', data: null }, 404);
const failure = () => jsonResponse({ code: 0, msg: 'Try later', err: 'internal', data: null }, 500);

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: ROUTES.news, Component: NewsPage }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const pageOf = (call: FetchCall) => new URL(call.url, 'http://app.test/').searchParams.get('page');

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('news list', () => {
  it('lists articles with the pinned marker, summary and relative time, in the order served', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(
        envelope({
          list: [
            item({ id: 2, title: 'Holiday bonus', pinned: true, published_at: now() - 30 }),
            item({ id: 1 }),
          ],
          total: 2,
          page: 1,
          limit: 20,
        }),
      ),
    );
    renderAt(ROUTES.news);

    const entries = await screen.findAllByTestId('news-item');
    expect(entries).toHaveLength(2);
    const [pinned, plain] = entries as [HTMLElement, HTMLElement];
    expect(pinned).toHaveTextContent('Holiday bonus');
    expect(within(pinned).getByText('Pinned')).toBeInTheDocument();
    expect(pinned).toHaveTextContent('just now');
    expect(pinned).toHaveAttribute('href', '/pages/yn28/news?id=2');
    expect(within(plain).queryByText('Pinned')).not.toBeInTheDocument();
    expect(plain).toHaveTextContent('Every draw of the week verified…');
    expect(plain).toHaveTextContent('2 hours ago');
    expect(screen.getByText('2 records in all')).toBeInTheDocument();
    expect(calls[0]?.url).toMatch(/^api\/news\/index\?page=1&limit=20$/);
    expect(calls[0]?.headers.lang).toBe('en');
  });

  it('loads the next page on demand', async () => {
    const { calls } = mockFetch((call) => {
      const page = Number(pageOf(call));
      const list =
        page === 1
          ? Array.from({ length: 20 }, (_, index) =>
              item({ id: 30 - index, title: `News ${30 - index}` }),
            )
          : [item({ id: 10, title: 'News 10' })];
      return jsonResponse(envelope({ list, total: 21, page, limit: 20 }));
    });
    renderAt(ROUTES.news);

    expect(await screen.findAllByTestId('news-item')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('News 10')).toBeInTheDocument();
    expect(screen.getAllByTestId('news-item')).toHaveLength(21);
    expect(calls.map(pageOf)).toEqual(['1', '2']);
  });

  it('says so when there is no news', async () => {
    mockFetch(() => jsonResponse(envelope({ list: [], total: 0, page: 1, limit: 20 })));
    renderAt(ROUTES.news);

    expect(await screen.findByText('No news yet')).toBeInTheDocument();
    expect(
      screen.getByText('Announcements from the operator will appear here.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list fails, and shows it once it loads', async () => {
    let fail = true;
    mockFetch(() =>
      fail ? failure() : jsonResponse(envelope({ list: [item({})], total: 1, page: 1, limit: 20 })),
    );
    renderAt(ROUTES.news);

    expect(await screen.findByText('Could not load the news')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Weekly draw report')).toBeInTheDocument();
  });
});

describe('news article', () => {
  it('shows the whole article as plain-text paragraphs', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope(ARTICLE)));
    renderAt(`${ROUTES.news}?id=7`);

    const article = await screen.findByRole('article');
    expect(
      within(article).getByRole('heading', { name: 'Maintenance tonight' }),
    ).toBeInTheDocument();
    expect(within(article).getByText('Pinned')).toBeInTheDocument();
    expect(within(article).getByText('just now')).toBeInTheDocument();
    const paragraphs = article.querySelectorAll('p');
    expect([...paragraphs].map((paragraph) => paragraph.textContent)).toEqual([
      'The hall closes at 02:00.\nBets stay open until then.',
      '<b>Not bold</b> & safe',
    ]);
    expect(article.querySelector('b')).toBeNull();
    expect(within(article).queryByText(/Updated/)).not.toBeInTheDocument();
    expect(calls[0]?.url).toBe('api/news/detail?id=7');
  });

  it('says when an article was edited after publication', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope({ ...ARTICLE, published_at: now() - 3 * 86400, updated_at: now() - 3 * 3600 }),
      ),
    );
    renderAt(`${ROUTES.news}?id=7`);

    expect(await screen.findByText('Updated 3 hours ago')).toBeInTheDocument();
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
  });

  it('says a removed or unknown article is not available, with the way back to the list', async () => {
    mockFetch(notFound);
    renderAt(`${ROUTES.news}?id=99`);

    expect(await screen.findByText('Article not available')).toBeInTheDocument();
    expect(screen.getByText('This article was removed or does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All news' })).toHaveAttribute(
      'href',
      '/pages/yn28/news',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('does not ask the server about an id that is not a number', async () => {
    const { calls } = mockFetch(notFound);
    renderAt(`${ROUTES.news}?id=abc`);

    expect(await screen.findByText('Article not available')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offers a retry when the article fails to load', async () => {
    let fail = true;
    mockFetch(() => (fail ? failure() : jsonResponse(envelope(ARTICLE))));
    renderAt(`${ROUTES.news}?id=7`);

    expect(await screen.findByText('Could not load the article')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Maintenance tonight' })).toBeInTheDocument();
  });

  it('opens an article from the list', async () => {
    mockFetch((call) =>
      call.url.startsWith('api/news/detail')
        ? jsonResponse(envelope(ARTICLE))
        : jsonResponse(
            envelope({
              list: [item({ id: 7, title: 'Maintenance tonight' })],
              total: 1,
              page: 1,
              limit: 20,
            }),
          ),
    );
    const router = renderAt(ROUTES.news);

    await userEvent.click(await screen.findByTestId('news-item'));

    expect(
      await screen.findByText('Bets stay open until then.', { exact: false }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=7');
  });
});
