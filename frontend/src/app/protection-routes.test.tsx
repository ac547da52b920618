// Player protection in the app shell, through the real route table: the guard and the banner of a
// running time-out or self-exclusion, the reality-check dialog that blocks until acknowledged
// (asked when due and when a bet is refused with `reality_check_due`), and the links to the
// protection page from the wallet and the mine page.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MutationObserver } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import { realityPollMs } from '@/hooks/use-reality-check';
import { activateLanguage } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { DEFAULT_CONFIG } from '@/lib/config';
import type { Exclusion, ProtectionState, RealitySession } from '@/lib/protection';
import { ROUTES } from '@/lib/routes';
import { clearSession, startSession } from '@/lib/session';
import { formatDateTime, serverNow } from '@/lib/time';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

const NOW = serverNow();
const user = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: '',
  vip_level: 0,
  balance: '80.00',
  game_balance: '5.00',
  frozen: '0.00',
  total_deposit: '100.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
  exclusion: null as Exclusion | null,
};
const protection: ProtectionState = {
  deposit_limits: [],
  loss_limits: [],
  reality_check_mins: 30,
  reality_check_choices: [0, 15, 30, 60, 120],
  exclusion: null,
  timeout_choices: ['24h', '7d', '30d'],
  exclusion_choices: ['6m', '1y', '2y', '5y'],
  has_limits: false,
};
const quiet: RealitySession = {
  started_at: NOW - 1800,
  elapsed_secs: 1800,
  net: '0.00',
  interval_mins: 60,
  due: false,
  next_at: NOW + 1800,
};
const due: RealitySession = {
  ...quiet,
  elapsed_secs: 3725,
  net: '-12.50',
  due: true,
  next_at: null,
};

let profile = user;
let session: RealitySession = quiet;
let calls: FetchCall[] = [];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  queryClient.clear();
  profile = user;
  session = quiet;
  ({ calls } = mockFetch((call) => {
    const path = call.url.split('?')[0] ?? '';
    if (path === 'api/index/config') return jsonResponse(envelope(DEFAULT_CONFIG));
    if (path === 'api/personal/index') return jsonResponse(envelope(profile));
    if (path === 'api/protection/index') return jsonResponse(envelope(protection));
    if (path === 'api/protection/session') return jsonResponse(envelope(session));
    if (path === 'api/protection/session/ack') {
      session = { ...quiet, started_at: session.started_at };
      return jsonResponse(envelope(session));
    }
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  }));
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** Lazy pages load their chunks first (slow on a cold transform). */
const LAZY = { timeout: 8000 };

const timeout: Exclusion = { kind: 'timeout', until: NOW + 86_400 };

describe('an excluded player', { timeout: 30_000 }, () => {
  it('is sent from a closed page to the protection page, which says why', async () => {
    profile = { ...user, exclusion: timeout };
    startSession('tok', profile);
    const router = renderAt(ROUTES.ccK3);
    expect(await screen.findByTestId('protection-blocked', undefined, LAZY)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTES.protection);
    // The shell (banner, dialog) is a lazy chunk of its own: it may come after the page.
    expect(await screen.findByTestId('exclusion-banner', undefined, LAZY)).toHaveTextContent(
      `Time-out until ${formatDateTime(timeout.until)}`,
    );
  });

  it('still opens the withdrawal, the records and the mine page', async () => {
    profile = { ...user, exclusion: { kind: 'self_exclusion', until: NOW + 400 * 86_400 } };
    startSession('tok', profile);
    for (const path of [ROUTES.withdraw, ROUTES.bill, ROUTES.withdrawRecords, ROUTES.mine]) {
      const router = renderAt(path);
      expect(await screen.findByTestId('exclusion-banner')).toHaveTextContent(
        'Self-excluded until',
      );
      expect(router.state.location.pathname).toBe(path);
      router.dispose();
    }
  });

  it('leaves a closed page as soon as the profile shows the exclusion', async () => {
    // Stored before the exclusion started (e.g. just logged in): the server's profile has it.
    startSession('tok', user);
    profile = { ...user, exclusion: timeout };
    const router = renderAt(ROUTES.vip);
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.protection), LAZY);
    expect(await screen.findByTestId('exclusion-banner', undefined, LAZY)).toBeInTheDocument();
  });

  it('is free again once the exclusion has ended', async () => {
    profile = { ...user, exclusion: { kind: 'timeout', until: NOW - 60 } };
    startSession('tok', profile);
    const router = renderAt(ROUTES.vip);
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('api/vip'))).toBe(true));
    expect(router.state.location.pathname).toBe(ROUTES.vip);
    expect(screen.queryByTestId('exclusion-banner')).toBeNull();
  });
});

describe('the reality check', { timeout: 30_000 }, () => {
  it('shows the time and net result when due and blocks until acknowledged', async () => {
    session = due;
    startSession('tok', user);
    renderAt(ROUTES.mine);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' }, LAZY);
    expect(within(dialog).getByTestId('reality-elapsed')).toHaveTextContent('1 hr 02 min');
    expect(within(dialog).getByTestId('reality-net')).toHaveTextContent('-12.50');

    fireEvent.keyDown(document, { key: 'Escape' });
    await userEvent.click(dialog.parentElement!);
    expect(screen.getByRole('dialog', { name: 'Reality check' })).toBeInTheDocument();
    expect(calls.some((call) => call.url === 'api/protection/session/ack')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const ack = calls.filter((call) => call.url === 'api/protection/session/ack');
    expect(ack).toHaveLength(1);
    expect(ack[0]?.method).toBe('POST');
  });

  it('opens when a bet is refused with reality_check_due', async () => {
    startSession('tok', user);
    renderAt(ROUTES.mine);
    await waitFor(() =>
      expect(calls.some((call) => call.url === 'api/protection/session')).toBe(true),
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    session = due;
    const bet = new MutationObserver(queryClient, {
      mutationFn: () => Promise.reject(new ApiError('reality_check_due', 'Reality check due')),
    });
    await bet.mutate().catch(() => undefined);
    expect(await screen.findByRole('dialog', { name: 'Reality check' }, LAZY)).toBeInTheDocument();
  });

  it('asks again when the next check falls due, at most every minute, never while off', () => {
    expect(realityPollMs(quiet, NOW)).toBe(60_000);
    expect(realityPollMs({ ...quiet, next_at: NOW + 20 }, NOW)).toBe(20_000);
    expect(realityPollMs({ ...quiet, next_at: NOW - 5 }, NOW)).toBe(5_000);
    expect(realityPollMs({ ...quiet, interval_mins: 0, next_at: null }, NOW)).toBe(false);
    expect(realityPollMs(due, NOW)).toBe(false);
    expect(realityPollMs(undefined, NOW)).toBe(false);
  });
});

describe('the way to the protection page', { timeout: 30_000 }, () => {
  it('is one tap from the mine page and from the account overview', async () => {
    startSession('tok', user);
    renderAt(ROUTES.mine);
    await userEvent.click(await screen.findByRole('link', { name: 'Responsible play' }, LAZY));
    expect(
      await screen.findByRole('heading', { name: 'Responsible play', level: 1 }),
    ).toBeInTheDocument();
    cleanupAnd(() => renderAt(ROUTES.account));
    expect(await screen.findByRole('link', { name: 'Responsible play' })).toHaveAttribute(
      'href',
      ROUTES.protection,
    );
  });
});

/** Unmounts what is rendered, then runs `next`. */
function cleanupAnd(next: () => void) {
  document.body.innerHTML = '';
  next();
}
