// The offer to set a deposit limit: shown to a player without limits, leading to the protection
// page, gone once a limit is set, and declined per player until logout clears local storage.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LimitOffer } from '@/components/limit-offer';
import { activateLanguage } from '@/i18n/i18n';
import type { ProtectionState } from '@/lib/protection';
import { ROUTES } from '@/lib/routes';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch } from '@/test/helpers';
import { renderPages } from '@/test/render-pages';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const state = (hasLimits: boolean) => ({ has_limits: hasLimits }) as ProtectionState;

function serve(hasLimits: boolean, id = 5) {
  return routeFetch({
    'api/personal/index': () => ({ id }),
    'api/protection/index': () => state(hasLimits),
  });
}

function open() {
  renderPages(
    [
      [ROUTES.deposit, LimitOffer],
      [ROUTES.protection, () => <p>protection page</p>],
    ],
    ROUTES.deposit,
  );
}

describe('limit offer', { timeout: 30_000 }, () => {
  it('leads a player without limits to the protection page', async () => {
    serve(false);
    startSession('t'.repeat(64), { id: 5 });
    open();
    expect(await screen.findByTestId('limit-offer')).toHaveTextContent('Set a deposit limit?');
    await userEvent.click(screen.getByRole('link', { name: 'Set a limit' }));
    expect(await screen.findByText('protection page')).toBeInTheDocument();
  });

  it('is not shown once a limit is set', async () => {
    const { calls } = serve(true);
    startSession('t'.repeat(64), { id: 5 });
    open();
    await waitFor(() =>
      expect(calls.some((call) => call.url === 'api/protection/index')).toBe(true),
    );
    expect(screen.queryByTestId('limit-offer')).toBeNull();
  });

  it('is declined by this player, not for another, until a logout clears it', async () => {
    serve(false, 5);
    startSession('t'.repeat(64), { id: 5 });
    open();
    await userEvent.click(await screen.findByRole('button', { name: "Don't ask again" }));
    expect(screen.queryByTestId('limit-offer')).toBeNull();

    document.body.innerHTML = '';
    const { calls } = serve(false, 5);
    open();
    await waitFor(() => expect(calls.some((call) => call.url === 'api/personal/index')).toBe(true));
    expect(calls.some((call) => call.url === 'api/protection/index')).toBe(false);
    expect(screen.queryByTestId('limit-offer')).toBeNull();

    document.body.innerHTML = '';
    serve(false, 6);
    startSession('u'.repeat(64), { id: 6 });
    open();
    expect(await screen.findByTestId('limit-offer')).toBeInTheDocument();

    // The spec's logout clears all local storage but the language: the offer comes back.
    clearSession();
    document.body.innerHTML = '';
    serve(false, 5);
    startSession('t'.repeat(64), { id: 5 });
    open();
    expect(await screen.findByTestId('limit-offer')).toBeInTheDocument();
  });
});
