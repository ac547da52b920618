// The customer tab: contacts from api/customer/index (usable ones only), the empty and failed
// states, and the way to the news.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component as CustomerPage } from '@/features/content/pages/customer-page';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: ROUTES.customer, Component: CustomerPage }], {
    initialEntries: [ROUTES.customer],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const contacts = (support_url: string, telegram_url: string, open_now = true) =>
  jsonResponse(
    envelope({
      support_url,
      telegram_url,
      links: [
        { channel: 'web', label: '', url: support_url },
        { channel: 'telegram', label: '', url: telegram_url },
      ].filter((link) => link.url !== ''),
      hours: '09:00-21:00',
      timezone: 'Asia/Ho_Chi_Minh',
      open_now,
    }),
  );

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('customer page', () => {
  it('opens each configured contact in a new window and links to the news', async () => {
    const { calls } = mockFetch(() =>
      contacts('https://help.example.test/chat', 'tg://resolve?domain=fairhall'),
    );
    renderPage();

    const online = await screen.findByRole('link', { name: /Online support/ });
    expect(online).toHaveAttribute('href', 'https://help.example.test/chat');
    expect(online).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Telegram/ })).toHaveAttribute(
      'href',
      'tg://resolve?domain=fairhall',
    );
    expect(screen.getByRole('link', { name: /News/ })).toHaveAttribute('href', '/pages/yn28/news');
    expect(calls.map((call) => call.url)).toEqual(['api/customer/index']);
  });

  it('shows the hours and whether support is open now', async () => {
    mockFetch(() => contacts('https://help.example.test/chat', '', false));
    renderPage();

    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.getByText(/09:00-21:00/)).toBeInTheDocument();
  });

  it('hides a contact that is not a web or Telegram link', async () => {
    mockFetch(() => contacts('javascript:alert(1)', 'https://t.me/fairhall'));
    renderPage();

    expect(await screen.findByRole('link', { name: /Telegram/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Online support/ })).not.toBeInTheDocument();
  });

  it('says when no contact is configured and still links to the news', async () => {
    mockFetch(() => contacts('', ''));
    renderPage();

    expect(await screen.findByText('No contact configured')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /News/ })).toHaveAttribute('href', '/pages/yn28/news');
  });

  it('offers a retry when the contacts fail to load', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse({ code: 0, msg: 'Try later', err: 'internal', data: null }, 500)
        : contacts('https://help.example.test/chat', ''),
    );
    renderPage();

    expect(await screen.findByText('Could not load the support contacts')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: /Online support/ })).toBeInTheDocument();
  });
});
