// Activities, help and the operator's pages: lists in the served order, details with their
// sanitized HTML bodies, the missing states (HTTP 404 or a bad link), the page version, the
// about-us links to the other pages and the app version, and body links to app routes staying
// inside the app.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component as AboutPage } from '@/features/content/pages/about-page';
import { Component as EventDetailsPage } from '@/features/content/pages/event-details-page';
import { Component as EventsPage } from '@/features/content/pages/events-page';
import { Component as HelpDetailPage } from '@/features/content/pages/help-detail-page';
import { Component as HelpListPage } from '@/features/content/pages/help-list-page';
import { activateLanguage } from '@/i18n/i18n';
import { formatDate } from '@/lib/time';
import { ROUTES } from '@/lib/routes';
import { jsonResponse, routeFetch } from '@/test/helpers';
import { paramOf, renderPages } from '@/test/render-pages';

const PAGES: Parameters<typeof renderPages>[0] = [
  [ROUTES.events, EventsPage],
  [ROUTES.eventDetails, EventDetailsPage],
  [ROUTES.helpList, HelpListPage],
  [ROUTES.helpDetail, HelpDetailPage],
  [ROUTES.aboutUs, AboutPage],
  [ROUTES.vip, () => <h1>VIP</h1>],
];

const notFound = () =>
  jsonResponse({ code: 0, msg: 'Not found', err: 'not_found', data: null }, 404);

const START = 1_795_334_400;

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('activities', () => {
  it('lists the activities in the served order with picture, summary and period', async () => {
    routeFetch({
      'api/activity/index': () => ({
        list: [
          {
            id: 4,
            title: 'First deposit',
            summary: 'Get 10% more',
            picture: 'media/content/a.png',
            start_at: START,
            end_at: START + 86_400 * 7,
          },
          { id: 2, title: 'Weekend', summary: '', picture: null, start_at: null, end_at: null },
        ],
      }),
    });
    renderPages(PAGES, ROUTES.events);

    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      `${ROUTES.eventDetails}?id=4`,
      `${ROUTES.eventDetails}?id=2`,
    ]);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Get 10% more');
    expect(first).toHaveTextContent(`${formatDate(START)} to ${formatDate(START + 86_400 * 7)}`);
    expect(first.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(second).toHaveTextContent('Ongoing');
    expect(second.querySelector('img')).toBeNull();
  });

  it('says so when there are no activities', async () => {
    routeFetch({ 'api/activity/index': () => ({ list: [] }) });
    renderPages(PAGES, ROUTES.events);
    expect(
      await screen.findByRole('heading', { name: 'No activities right now' }),
    ).toBeInTheDocument();
  });

  it('shows an activity with its HTML body, and its app links stay in the app', async () => {
    const { calls } = routeFetch({
      'api/activity/detail': () => ({
        id: 4,
        title: 'First deposit',
        summary: 'Get 10% more',
        picture: null,
        body: '<h2>Rules</h2><p>Deposit <strong>100</strong>. See <a href="/pages/vip/index" rel="noopener noreferrer">VIP</a>.</p>',
        start_at: null,
        end_at: START,
      }),
    });
    renderPages(PAGES, `${ROUTES.eventDetails}?id=4`);

    const article = await screen.findByRole('article');
    expect(paramOf(calls[0]!.url, 'id')).toBe('4');
    expect(within(article).getByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    expect(article.querySelector('strong')).toHaveTextContent('100');
    expect(article).toHaveTextContent(`Until ${formatDate(START)}`);
    await userEvent.click(within(article).getByRole('link', { name: 'VIP' }));
    expect(screen.getByTestId('where')).toHaveTextContent(ROUTES.vip);
  });

  it('says an ended or removed activity is not available', async () => {
    routeFetch({ 'api/activity/detail': notFound });
    renderPages(PAGES, `${ROUTES.eventDetails}?id=9`);
    expect(
      await screen.findByRole('heading', { name: 'This activity is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All activities' })).toHaveAttribute(
      'href',
      ROUTES.events,
    );
  });

  it('does not ask the server for an id that is not one', async () => {
    const { calls } = routeFetch({});
    renderPages(PAGES, `${ROUTES.eventDetails}?id=abc`);
    expect(
      await screen.findByRole('heading', { name: 'This activity is not available' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('help', () => {
  it('lists the articles in the served order and opens one', async () => {
    routeFetch({
      'api/help/index': () => ({
        list: [
          { id: 3, title: 'Deposits', summary: '' },
          { id: 1, title: 'Withdrawals', summary: '' },
        ],
      }),
      'api/help/detail': () => ({
        id: 3,
        title: 'Deposits',
        body: '<ol><li>Open the deposit page.</li></ol>',
        updated_at: START,
      }),
    });
    renderPages(PAGES, ROUTES.helpList);

    const items = await screen.findAllByTestId('help-item');
    expect(items.map((item) => item.textContent)).toEqual(['Deposits', 'Withdrawals']);
    await userEvent.click(items[0]!);
    const article = await screen.findByRole('article');
    expect(screen.getByTestId('where')).toHaveTextContent(`${ROUTES.helpDetail}?id=3`);
    expect(within(article).getByRole('listitem')).toHaveTextContent('Open the deposit page.');
  });

  it('says a removed article is not available', async () => {
    routeFetch({ 'api/help/detail': notFound });
    renderPages(PAGES, `${ROUTES.helpDetail}?id=3`);
    expect(
      await screen.findByRole('heading', { name: 'This article is not available' }),
    ).toBeInTheDocument();
  });
});

describe('about us and the other pages', () => {
  const page = (slug: string, title: string) => ({
    slug,
    title,
    body: `<p>${title} text</p>`,
    version: slug === 'privacy' ? '' : '2026.1',
    updated_at: START,
  });

  it('shows about-us with its version, the app version and links to the other pages', async () => {
    const { calls } = routeFetch({
      'api/index/config': () => ({ version: '3.1.0' }),
      'api/page/detail': (call) => {
        const slug = paramOf(call.url, 'slug') ?? '';
        return page(slug, slug === 'about-us' ? 'About the hall' : 'Privacy');
      },
      'api/page/index': () => ({
        list: [
          { slug: 'about-us', title: 'About the hall' },
          { slug: 'company-profile', title: 'Company profile' },
          { slug: 'privacy', title: 'Privacy' },
        ],
      }),
    });
    renderPages(PAGES, ROUTES.aboutUs);

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { name: 'About the hall' })).toBeInTheDocument();
    expect(screen.getByTestId('page-version')).toHaveTextContent('Version 2026.1');
    expect(await screen.findByTestId('app-version')).toHaveTextContent('App version 3.1.0');
    const more = await screen.findByRole('navigation', { name: 'More information' });
    const links = within(more).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Company profile', `${ROUTES.aboutUs}?page=company-profile`],
      ['Privacy', `${ROUTES.aboutUs}?page=privacy`],
    ]);

    await userEvent.click(links[1]!);
    expect(await screen.findByRole('heading', { name: 'Privacy', level: 2 })).toBeInTheDocument();
    expect(screen.queryByTestId('page-version')).toBeNull();
    expect(screen.queryByTestId('app-version')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'More information' })).toBeNull();
    expect(calls.map((call) => paramOf(call.url, 'slug')).filter(Boolean)).toEqual([
      'about-us',
      'privacy',
    ]);
  });

  it('says a page that is not published is not available', async () => {
    routeFetch({ 'api/page/detail': notFound, 'api/page/index': () => ({ list: [] }) });
    renderPages(PAGES, `${ROUTES.aboutUs}?page=user-agreement`);
    expect(
      await screen.findByRole('heading', { name: 'This page is not available' }),
    ).toBeInTheDocument();
  });
});
