// The home page reads one call (api/index/index): the greeting, the balances revealed to their
// exact values, and a badge on each entry that has something new.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as HomePage } from '@/features/home/pages/home-page';
import type { HomeIndex } from '@/features/home/api/home-index';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { clearSession, startSession } from '@/lib/session';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';
import { renderPages } from '@/test/render-pages';

const room = (code: string, game: string) => ({
  room: code,
  game,
  issue: '202611250101',
  close_at: 2_000_000_000,
  draw_at: 2_000_000_010,
  period_secs: 60,
  is_open: true,
  entry_min: '0.00',
});

function homeIndex(
  patch: Partial<HomeIndex['entries']> = {},
  content: Partial<Pick<HomeIndex, 'banners' | 'announcements' | 'unread'>> = {},
): HomeIndex {
  return {
    banners: [],
    announcements: [],
    unread: 0,
    ...content,
    now: 1_900_000_000,
    player: { nickname: 'Lan', username: '', phone: '138****5678', avatar: '' },
    balances: {
      balance: '1234.56',
      game_balance: '78.90',
      savings: '10.00',
      invest: '200.00',
      frozen: '0.00',
    },
    entries: {
      games: [
        { game: 'k3', taking_bets: 1, rooms: [room('k3', 'k3')] },
        { game: 'yn28', taking_bets: 0, rooms: [room('canada_vip', 'yn28')] },
      ],
      products: { on_sale: 2, new: 1 },
      vip: { level: 1, next_level: 2, upgrade_near: true },
      invite: { invite_code: 'ABC123', invitees: 3, joined_recently: 0 },
      signin: { offered: true, signed_today: false, streak: 2 },
      tasks: { open: 4, ready: 2 },
      envelopes: { waiting: 0 },
      activities: { new: 0 },
      ...patch,
    },
  };
}

function reduceMotion() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
  );
}

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  startSession('token-1', {});
  reduceMotion();
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('shows the balances of its one call and reads nothing else', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope(homeIndex())));
    renderPages([[ROUTES.home, HomePage]], ROUTES.home);

    expect(await screen.findByTestId('balance')).toHaveTextContent(/^1,234\.56$/);
    expect(screen.getByTestId('game-balance')).toHaveTextContent(/^78\.90$/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lan');
    expect(calls.map((call) => call.url.split('?')[0])).toEqual(['api/index/index']);
  });

  it('puts a badge on each entry with something new, and none on the others', async () => {
    mockFetch(() => jsonResponse(envelope(homeIndex())));
    renderPages([[ROUTES.home, HomePage]], ROUTES.home);

    const badge = await screen.findByTestId('badge-tasks');
    expect(within(screen.getByTestId('entry-tasks')).getByTestId('badge-tasks')).toBe(badge);
    expect(badge).toHaveTextContent('2 to claim');
    expect(screen.getByTestId('badge-signin')).toHaveTextContent('Sign in today');
    expect(screen.getByTestId('badge-products')).toHaveTextContent('1 new');
    expect(screen.getByTestId('badge-vip')).toHaveTextContent('Upgrade near');
    expect(screen.queryByTestId('badge-envelopes')).toBeNull();
    expect(screen.queryByTestId('badge-invite')).toBeNull();
    expect(screen.getByTestId('game-k3')).toHaveTextContent('1 live');
    expect(screen.getByTestId('game-k3')).toHaveAttribute('href', `${ROUTES.jogosDetails}?game=k3`);
  });

  it('drops a badge once there is nothing new', async () => {
    const signed = homeIndex({
      signin: { offered: true, signed_today: true, streak: 3 },
      tasks: { open: 4, ready: 0 },
      vip: { level: 1, next_level: 2, upgrade_near: false },
    });
    mockFetch(() => jsonResponse(envelope(signed)));
    renderPages([[ROUTES.home, HomePage]], ROUTES.home);

    // The VIP tile names the level once the call has answered.
    expect(await screen.findByText('VIP level 1')).toBeInTheDocument();
    expect(screen.queryByTestId('badge-signin')).toBeNull();
    expect(screen.queryByTestId('badge-tasks')).toBeNull();
  });

  it('shows the banners, the announcements and the unread count of the same call', async () => {
    const content = {
      banners: [{ id: 4, title: 'VIP week', picture: 'media/content/a.png', link: ROUTES.vip }],
      announcements: [{ id: 9, title: 'Maintenance', body: 'Tonight.', pinned: true, at: 1 }],
      unread: 3,
    };
    const { calls } = mockFetch(() =>
      jsonResponse(envelope(homeIndex({ activities: { new: 2 } }, content))),
    );
    renderPages([[ROUTES.home, HomePage]], ROUTES.home);

    expect(await screen.findByRole('img', { name: 'VIP week' })).toBeInTheDocument();
    const announcement = screen.getByRole('link', { name: 'Maintenance' });
    expect(announcement).toHaveAttribute('href', `${ROUTES.notice}?kind=announcement&id=9`);
    const messages = screen.getByTestId('home-messages');
    expect(messages).toHaveAttribute('href', ROUTES.notice);
    expect(within(messages).getByTestId('unread-badge')).toHaveTextContent('3 unread messages');
    expect(screen.getByTestId('badge-activities')).toHaveTextContent('2 new');
    expect(calls.map((call) => call.url.split('?')[0])).toEqual(['api/index/index']);
  });

  it('offers a retry when the call fails', async () => {
    mockFetch(() => jsonResponse({ code: 0, msg: 'nope', err: 'internal', data: null }));
    renderPages([[ROUTES.home, HomePage]], ROUTES.home);

    expect(await screen.findByText('Could not load the home page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
