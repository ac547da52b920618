import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUEUE_POLL_MS, type Queues } from '@/console/api/queues';
import { loadSession } from '@/console/api/session';
import { activateLanguage } from '@/console/i18n/i18n';
import { getSessionState, resetSession } from '@/console/lib/session';
import {
  aDeposit,
  aDetail,
  aPage,
  aSession,
  aWithdrawalPage,
  signInRequired,
} from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  resetSession();
  vi.unstubAllGlobals();
  document.title = '';
});

const waiting = (deposits: number | null, withdrawals: number | null = null): Queues => ({
  deposits:
    deposits === null ? null : { waiting: deposits, oldest_age_secs: deposits > 0 ? 90 : null },
  withdrawals:
    withdrawals === null
      ? null
      : { waiting: withdrawals, oldest_age_secs: withdrawals > 0 ? 30 : null },
});

describe('console shell', () => {
  it('has a header, a nav and a main area, with the staff member and his role', async () => {
    mockFetch((call) =>
      jsonResponse(envelope(call.url === '/admin/api/queues' ? waiting(2) : aPage([aDeposit()]))),
    );
    renderConsole('/deposits', aSession({ name: 'mai', role: 'finance' }));
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('fairhall console');
    expect(within(header).getByTestId('staff-name')).toHaveTextContent('mai');
    expect(within(header).getByText('role: finance')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: /^Deposits/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await within(nav).findByText('2 waiting')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(
      await screen.findByRole('heading', { level: 1, name: 'Deposits waiting' }),
    );
  });

  it('counts what waits in the tab title, every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let queues = waiting(0);
    mockFetch((call) =>
      jsonResponse(envelope(call.url === '/admin/api/queues' ? queues : aPage([]))),
    );
    renderConsole('/deposits', aSession());
    await vi.waitFor(() => expect(document.title).toBe('fairhall console'));
    queues = waiting(3);
    await act(() => vi.advanceTimersByTimeAsync(QUEUE_POLL_MS));
    await vi.waitFor(() => expect(document.title).toBe('(3) fairhall console'));
    queues = waiting(3, 2);
    await act(() => vi.advanceTimersByTimeAsync(QUEUE_POLL_MS));
    await vi.waitFor(() => expect(document.title).toBe('(5) fairhall console'));
    queues = waiting(0, 0);
    await act(() => vi.advanceTimersByTimeAsync(QUEUE_POLL_MS));
    await vi.waitFor(() => expect(document.title).toBe('fairhall console'));
  });

  it('goes back to the sign-in screen when a call answers 401', async () => {
    let ended = false;
    mockFetch((call) => {
      if (ended) return jsonResponse(signInRequired, 401);
      if (call.url === '/admin/api/queues') return jsonResponse(envelope(waiting(1)));
      if (call.url === '/admin/api/deposits/41') return jsonResponse(envelope(aDetail()));
      return jsonResponse(envelope(aPage([aDeposit()])));
    });
    const { router } = renderConsole('/deposits/41', aSession());
    const approve = await screen.findByRole('button', { name: 'Approve' });
    ended = true; // e.g. `fairhall admin staff disable`, or the idle timeout
    await userEvent.click(approve);
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended. Sign in again.');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(getSessionState()).toEqual({ session: null, ended: true });
  });

  it('leaves out the deposits for a role that may not review them', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope(waiting(null))));
    renderConsole('/', aSession({ name: 'lan', role: 'content', permissions: ['content:*:*'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, lan' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('fairhall console'));
    expect(calls.map((call) => call.url)).toEqual(['/admin/api/queues']);
  });

  it('opens the deposit queue first for a reviewer', async () => {
    mockFetch((call) =>
      jsonResponse(envelope(call.url === '/admin/api/queues' ? waiting(0) : aPage([]))),
    );
    const { router } = renderConsole('/', aSession({ permissions: ['*:*:*'] }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deposits waiting' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/deposits');
  });

  it('links the withdrawals with what waits, for a role that reviews them', async () => {
    mockFetch((call) =>
      jsonResponse(
        envelope(call.url === '/admin/api/queues' ? waiting(2, 4) : aWithdrawalPage([])),
      ),
    );
    renderConsole('/withdrawals', aSession({ permissions: ['*:*:*'] }));
    const nav = screen.getByRole('navigation', { name: 'Console' });
    const link = within(nav).getByRole('link', { name: /^Withdrawals/ });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('href', '/withdrawals');
    expect(within(nav).getByRole('link', { name: /^Deposits/ })).not.toHaveAttribute(
      'aria-current',
    );
    expect(await within(link).findByText('4 waiting')).toBeInTheDocument();
    expect(within(nav).getByTestId('deposits-waiting')).toHaveTextContent('2');
    expect(within(nav).getByTestId('withdrawals-waiting')).toHaveTextContent('4');
  });

  it('opens the withdrawal queue first for a reviewer of withdrawals only', async () => {
    mockFetch((call) =>
      jsonResponse(
        envelope(call.url === '/admin/api/queues' ? waiting(null, 0) : aWithdrawalPage([])),
      ),
    );
    const { router } = renderConsole('/', aSession({ permissions: ['wallet:withdrawal:review'] }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawals waiting' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/withdrawals');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual(['Withdrawals']);
  });

  it('signs out with the csrf token, then shows the sign-in screen', async () => {
    const { calls } = mockFetch((call) =>
      jsonResponse(
        envelope(
          call.url === '/admin/api/queues'
            ? waiting(0)
            : call.method === 'DELETE'
              ? null
              : aPage([]),
        ),
      ),
    );
    renderConsole('/deposits', aSession({ csrf: 'csrf-9' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      url: '/admin/api/session',
      headers: { 'x-csrf-token': 'csrf-9' },
    });
  });

  it('finds the session of the cookie at start, or none (401) without saying one ended', async () => {
    let answer = jsonResponse(envelope(aSession({ name: 'mai' })));
    mockFetch(() => answer);
    await loadSession();
    expect(getSessionState()).toEqual({ session: aSession({ name: 'mai' }), ended: false });
    resetSession();
    answer = jsonResponse(signInRequired, 401);
    await loadSession();
    expect(getSessionState()).toEqual({ session: null, ended: false });
  });
});
