// pages/jogos/index and game-details: every room with its open period and a countdown that
// ticks each second, a new period fetched at the draw, and a room opening its play page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component as GameDetailsPage } from '@/features/games/jogos/pages/game-details-page';
import { Component as JogosPage } from '@/features/games/jogos/pages/jogos-page';
import type { LiveRoom } from '@/features/games/jogos/api/live-rooms';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';
import { paramOf, renderPages } from '@/test/render-pages';

const nowSecs = () => Math.floor(Date.now() / 1000);

function room(code: string, game: string, closeIn: number, issue = '202611250101'): LiveRoom {
  const now = nowSecs();
  return {
    room: code,
    game,
    issue,
    close_at: now + closeIn,
    draw_at: now + closeIn + 5,
    period_secs: 60,
    is_open: true,
    entry_min: '0.00',
  };
}

const Play = () => <p>play page</p>;

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('game list (pages/jogos/index)', () => {
  it('lists every game with its rooms and a countdown that moves each second', async () => {
    const list = [room('k3', 'k3', 42), room('rgb1', 'rgb', 20), room('rgb3', 'rgb', 100)];
    const { calls } = mockFetch(() => jsonResponse(envelope({ now: nowSecs(), list })));
    renderPages([[ROUTES.jogos, JogosPage]], ROUTES.jogos);

    const countdown = await screen.findByTestId('jogos-countdown-k3');
    expect(countdown.textContent).toMatch(/^Closes in 0:4[12]$/);
    expect(screen.getByRole('heading', { name: 'K3 dice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rooms of Colour game' })).toHaveTextContent('2 rooms');
    expect(screen.getByTestId('jogos-room-rgb3')).toHaveTextContent('Period 202611250101');
    const first = countdown.textContent;
    await waitFor(() => expect(countdown.textContent).not.toBe(first), { timeout: 2500 });
    expect(calls.map((call) => call.url.split('?')[0])).toEqual(['api/rooms/index']);
  });

  it('asks for the next period once a draw time passes', async () => {
    let served = 0;
    const { calls } = mockFetch(() => {
      served += 1;
      const issue = served === 1 ? '202611250101' : '202611250102';
      // The first period draws a second from now; the next is a minute away.
      const first = { ...room('k3', 'k3', -4, issue), draw_at: nowSecs() + 1 };
      const list = [served === 1 ? first : room('k3', 'k3', 55, issue)];
      return jsonResponse(envelope({ now: nowSecs(), list }));
    });
    renderPages([[ROUTES.jogos, JogosPage]], ROUTES.jogos);

    expect(await screen.findByTestId('jogos-room-k3')).toHaveTextContent('Period 202611250101');
    expect(screen.getByTestId('jogos-countdown-k3')).toHaveTextContent(/^Draw in 0:0[01]$/);
    await waitFor(
      () => expect(screen.getByTestId('jogos-room-k3')).toHaveTextContent('Period 202611250102'),
      { timeout: 4000 },
    );
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('says when the operator has closed a room', async () => {
    const closed = { ...room('ssc', 'ssc', 30), is_open: false };
    mockFetch(() => jsonResponse(envelope({ now: nowSecs(), list: [closed] })));
    renderPages([[ROUTES.jogos, JogosPage]], ROUTES.jogos);

    expect(await screen.findByTestId('jogos-countdown-ssc')).toHaveTextContent('Closed');
  });
});

describe('one game (pages/jogos/game-details)', () => {
  it('lists the rooms of ?game= and opens a room on its play page', async () => {
    const list = [room('canada_vip', 'yn28', 30), room('usa_supreme', 'yn28', 30)];
    const { calls } = mockFetch(() => jsonResponse(envelope({ now: nowSecs(), list })));
    renderPages(
      [
        [ROUTES.jogosDetails, GameDetailsPage],
        [ROUTES.yn28Room, Play],
      ],
      `${ROUTES.jogosDetails}?game=yn28`,
    );

    const vip = await screen.findByTestId('jogos-room-canada_vip');
    expect(vip).toHaveTextContent('Canada 28 · VIP room');
    expect(paramOf(calls[0]?.url ?? '', 'game')).toBe('yn28');
    await userEvent.click(vip);
    expect(await screen.findByText('play page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`${ROUTES.yn28Room}?room=canada_vip`);
  });

  it('opens a quick game room on its game page with the room', async () => {
    mockFetch(() => jsonResponse(envelope({ now: nowSecs(), list: [room('rgb5', 'rgb', 30)] })));
    renderPages(
      [
        [ROUTES.jogosDetails, GameDetailsPage],
        [ROUTES.ccRgb, Play],
      ],
      `${ROUTES.jogosDetails}?game=rgb`,
    );

    await userEvent.click(await screen.findByTestId('jogos-room-rgb5'));
    expect(await screen.findByTestId('where')).toHaveTextContent(`${ROUTES.ccRgb}?room=rgb5`);
  });

  it('says so for an unknown game and asks nothing', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ now: nowSecs(), list: [] })));
    renderPages([[ROUTES.jogosDetails, GameDetailsPage]], `${ROUTES.jogosDetails}?game=mars`);

    expect(await screen.findByText('Game not found')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
