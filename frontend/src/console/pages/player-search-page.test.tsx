import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { aPlayer, aPlayerReport, aPlayersPage, aSession } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

const support = () =>
  aSession({
    name: 'tam',
    role: 'support',
    permissions: ['player:account:read', 'player:account:freeze', 'player:password:reset'],
  });

/** Answers the search from `players` and every other console call the pages make. */
function serve(players: (call: FetchCall) => unknown | Response) {
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues')
      return jsonResponse(envelope({ deposits: null, withdrawals: null }));
    if (call.url === '/admin/api/players' || call.url.startsWith('/admin/api/players?')) {
      const answer = players(call);
      return answer instanceof Response ? answer : jsonResponse(envelope(answer));
    }
    if (call.url === '/admin/api/players/7') return jsonResponse(envelope(aPlayerReport()));
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
}

const searchOf = (call: FetchCall) => new URL(call.url, 'http://console.test').searchParams;
const searches = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith('/admin/api/players') && !/\/\d+$/.test(call.url));

describe('player search', () => {
  it('pages through every player without a search, with their facts', async () => {
    const { calls } = serve(() =>
      aPlayersPage(
        [
          aPlayer(),
          aPlayer({
            id: 8,
            phone: '13800000008',
            username: null,
            vip_level: 0,
            roles: ['support', 'test'],
            frozen: true,
            last_login_at: null,
          }),
        ],
        { total: 45 },
      ),
    );
    renderConsole('/players', support());
    expect(screen.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Players found' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Player 7' })).toHaveAttribute(
      'href',
      '/players/7',
    );
    expect(rows[1]).toHaveTextContent('13800000007');
    expect(rows[1]).toHaveTextContent('alice_good');
    expect(within(rows[1]!).getByText('Active')).toBeVisible();
    expect(within(rows[2]!).getByText('Frozen')).toBeVisible();
    expect(rows[2]).toHaveTextContent('support, test');
    expect(screen.getByTestId('players-summary')).toHaveTextContent('45 players, oldest first.');
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    expect(searchOf(searches(calls)[0]!).get('q')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(searchOf(searches(calls).at(-1)!).get('page')).toBe('2'));
  });

  it('searches on Enter, keeps the search in the URL, and Back returns to it', async () => {
    const { calls } = serve((call) =>
      searchOf(call).get('q') === '13800000007'
        ? aPlayersPage([aPlayer()], { page_size: 50 })
        : aPlayersPage([]),
    );
    const { router } = renderConsole('/players', support());
    const box = await screen.findByRole('searchbox', { name: /^Find a player/ });
    await userEvent.type(box, ' 13800000007 {Enter}');
    expect(await screen.findByTestId('players-summary')).toHaveTextContent(
      '1 player matches “13800000007”.',
    );
    expect(router.state.location.search).toBe('?q=13800000007');
    expect(searchOf(searches(calls).at(-1)!).get('q')).toBe('13800000007');
    expect(
      screen.queryByRole('navigation', { name: 'Pages of the queue' }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Player 7' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Player 7' })).toBeVisible();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('searchbox', { name: /^Find a player/ })).toHaveValue(
      '13800000007',
    );
    expect(screen.getByTestId('players-summary')).toHaveTextContent('1 player matches');
  });

  it('searches with the button and says when nothing matches', async () => {
    serve(() => aPlayersPage([], { page_size: 50 }));
    renderConsole('/players', support());
    await userEvent.type(await screen.findByRole('searchbox'), 'zz-nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No player matches “zz-nobody”.')).toBeVisible();
    expect(
      screen.getByText('Try the whole phone number, the id, the login name or the invite code.'),
    ).toBeVisible();
  });

  it('shows a refusal in words', async () => {
    serve(() =>
      jsonResponse(
        { code: 0, msg: 'You do not have permission to do this', err: 'no_permission', data: null },
        403,
      ),
    );
    renderConsole('/players', support());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not do this.');
  });

  it('is in the nav for a reader of players only', async () => {
    serve(() => aPlayersPage([]));
    renderConsole('/players', support());
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Players' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText('No player has registered yet.')).toBeVisible();
  });

  it('is not offered without the permission', async () => {
    const { calls } = serve(() => aPlayersPage([]));
    renderConsole('/players', aSession({ permissions: ['wallet:deposit:review'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not look up players.',
    );
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Players' })).not.toBeInTheDocument();
    expect(searches(calls)).toHaveLength(0);
  });
});
