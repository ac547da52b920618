// The responsible-play page as a player meets it: his limits with what is used, left and pending;
// setting, lowering, raising (which waits) and removing them; the reality-check interval; and a
// time-out or self-exclusion confirmed with the password, shown once it runs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component as ProtectionPage } from '@/features/protection/pages/protection-page';
import { rejection, unprotected, withDepositLimit } from '@/features/protection/test-fixtures';
import { activateLanguage } from '@/i18n/i18n';
import type { ProtectionState } from '@/lib/protection';
import { ROUTES } from '@/lib/routes';
import { clearSession, startSession } from '@/lib/session';
import { formatDateTime, serverNow } from '@/lib/time';
import { routeFetch } from '@/test/helpers';
import { renderPages } from '@/test/render-pages';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function open(path: string = ROUTES.protection) {
  startSession('t'.repeat(64), { id: 7 });
  renderPages([[ROUTES.protection, ProtectionPage]], path);
}

const NOW = serverNow();
const dayLimit = withDepositLimit(unprotected, {
  period: 'day',
  amount: '100.00',
  used: '30.00',
  left: '70.00',
  frees_at: NOW + 3600,
  pending: { amount: '200.00', effective_at: NOW + 86_400 },
});

/** The first render transforms the page's modules: slow on a busy machine. */
const SLOW = { timeout: 8000 };

const card = async (testId: string) => within(await screen.findByTestId(testId, undefined, SLOW));

describe('protection page', { timeout: 30_000 }, () => {
  it('shows a limit with its use, what is left, when it frees up and a pending increase', async () => {
    routeFetch({ 'api/protection/index': () => dayLimit });
    open();
    const day = await card('deposit-day');
    expect(day.getByRole('heading', { name: '24 hours' })).toBeInTheDocument();
    expect(day.getByText('Limit').nextSibling).toHaveTextContent('100.00');
    expect(day.getByText('Used').nextSibling).toHaveTextContent('30.00');
    expect(day.getByText('Left').nextSibling).toHaveTextContent('70.00');
    expect(day.getByText('Frees up from').nextSibling).toHaveTextContent(
      formatDateTime(NOW + 3600),
    );
    expect(day.getByTestId('limit-pending')).toHaveTextContent(
      `Pending change 200.00 from ${formatDateTime(NOW + 86_400)}`,
    );
    const week = await card('deposit-week');
    expect(week.getByText('Limit').nextSibling).toHaveTextContent('No limit');
    expect(week.queryByRole('button', { name: 'Remove limit' })).toBeNull();
    expect(screen.getByTestId('deposit-limits-rule')).toHaveTextContent(
      'A higher limit, or removing a limit, only takes effect after 24 hours.',
    );
    expect(screen.getByTestId('loss-limits-rule')).toHaveTextContent('after 24 hours');
  });

  it('checks the amount before sending a limit', async () => {
    const { calls } = routeFetch({ 'api/protection/index': () => unprotected });
    open();
    const loss = await card('loss-week');
    const field = loss.getByLabelText('New loss limit for 7 days');
    await userEvent.click(loss.getByRole('button', { name: 'Save limit' }));
    expect(await loss.findByText('Enter the amount')).toBeInTheDocument();
    await userEvent.type(field, '12.345');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(loss.getByRole('button', { name: 'Save limit' }));
    expect(
      await loss.findByText('Enter an amount with at most 2 decimals and no leading zero'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url === 'api/protection/limit')).toBe(false);
  });

  it('sets a limit that applies at once', async () => {
    let state: ProtectionState = unprotected;
    const { calls } = routeFetch({
      'api/protection/index': () => state,
      'api/protection/limit': () => {
        state = withDepositLimit(unprotected, {
          period: 'week',
          amount: '500.00',
          used: '0.00',
          left: '500.00',
          frees_at: null,
          pending: null,
        });
        return state;
      },
    });
    open();
    const week = await card('deposit-week');
    await userEvent.type(week.getByLabelText('New deposit limit for 7 days'), '500');
    await userEvent.click(week.getByRole('button', { name: 'Save limit' }));

    expect(await screen.findByText('Limit saved: it applies now')).toBeInTheDocument();
    expect(week.getByText('Limit').nextSibling).toHaveTextContent('500.00');
    expect(week.getByLabelText('New deposit limit for 7 days')).toHaveValue('');
    const sent = calls.find((call) => call.url === 'api/protection/limit');
    expect(sent?.body).toEqual({ kind: 'deposit', period: 'week', amount: '500.00' });
  });

  it('says when a raised limit takes effect', async () => {
    let state: ProtectionState = withDepositLimit(unprotected, {
      period: 'day',
      amount: '100.00',
      used: '0.00',
      left: '100.00',
      frees_at: null,
      pending: null,
    });
    routeFetch({
      'api/protection/index': () => state,
      'api/protection/limit': () => {
        state = dayLimit;
        return state;
      },
    });
    open();
    const day = await card('deposit-day');
    await userEvent.type(day.getByLabelText('New deposit limit for 24 hours'), '200');
    await userEvent.click(day.getByRole('button', { name: 'Save limit' }));

    const at = formatDateTime(NOW + 86_400);
    expect(await screen.findByText(`Saved: the change applies from ${at}`)).toBeInTheDocument();
    expect(day.getByText('Limit').nextSibling).toHaveTextContent('100.00');
    expect(day.getByTestId('limit-pending')).toHaveTextContent(`200.00 from ${at}`);
  });

  it('removes a limit by sending an empty amount, and shows the pending removal', async () => {
    let state: ProtectionState = dayLimit;
    const { calls } = routeFetch({
      'api/protection/index': () => state,
      'api/protection/limit': () => {
        state = withDepositLimit(unprotected, {
          ...dayLimit.deposit_limits[0]!,
          pending: { amount: null, effective_at: NOW + 86_400 },
        });
        return state;
      },
    });
    open();
    const day = await card('deposit-day');
    await userEvent.click(day.getByRole('button', { name: 'Remove limit' }));

    expect(
      await day.findByText(`No limit from ${formatDateTime(NOW + 86_400)}`),
    ).toBeInTheDocument();
    // A removal already waits: nothing left to remove.
    expect(day.queryByRole('button', { name: 'Remove limit' })).toBeNull();
    const sent = calls.find((call) => call.url === 'api/protection/limit');
    expect(sent?.body).toEqual({ kind: 'deposit', period: 'day', amount: '' });
  });

  it('chooses the reality-check interval', async () => {
    let state: ProtectionState = unprotected;
    const { calls } = routeFetch({
      'api/protection/index': () => state,
      'api/protection/reality_check': () => {
        state = { ...unprotected, reality_check_mins: 30 };
        return state;
      },
    });
    open();
    const group = await screen.findByRole('radiogroup', { name: 'Remind me every' }, SLOW);
    expect(within(group).getByRole('radio', { name: 'Off' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(group).getByRole('radio', { name: '30 minutes' }));
    expect(await screen.findByText('Reality check saved')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '30 minutes' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const sent = calls.find((call) => call.url === 'api/protection/reality_check');
    expect(sent?.body).toEqual({ interval_mins: 30 });
  });

  it('confirms a time-out with the password and says it cannot be undone early', async () => {
    let state: ProtectionState = unprotected;
    const until = NOW + 7 * 86_400;
    const { calls } = routeFetch({
      'api/protection/index': () => state,
      'api/personal/index': () => ({ id: 7, exclusion: { kind: 'timeout', until } }),
      'api/protection/exclude': (call) => {
        if ((call.body as { password: string }).password !== 'secret12')
          return rejection('login_failed', 'Wrong password');
        state = {
          ...unprotected,
          exclusion: { kind: 'timeout', started_at: NOW, until },
        };
        return state;
      },
    });
    open();
    const lengths = await screen.findByRole('radiogroup', { name: 'Length of the time-out' }, SLOW);
    await userEvent.click(within(lengths).getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start the time-out' }));

    const dialog = await screen.findByRole('dialog', { name: 'Start a time-out of 7 days?' });
    expect(dialog).toHaveTextContent('cannot be undone or shortened early');
    const confirmButton = within(dialog).getByRole('button', { name: 'Start the time-out' });
    await userEvent.click(confirmButton);
    expect(await within(dialog).findByText('Enter your password')).toBeInTheDocument();
    expect(calls.some((call) => call.url === 'api/protection/exclude')).toBe(false);

    const password = within(dialog).getByLabelText('Login password');
    await userEvent.type(password, 'wrong');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(confirmButton);
    await waitFor(() => expect(password).toHaveAccessibleDescription('Wrong password'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'secret12');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(confirmButton);
    expect(await screen.findByText('Your time-out has started')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const running = await screen.findByTestId('protection-exclusion');
    expect(running).toHaveTextContent('Time-out in progress');
    expect(running).toHaveTextContent(`Until ${formatDateTime(until)}`);
    expect(running).toHaveTextContent('cannot be shortened or lifted early');
    const sent = calls.filter((call) => call.url === 'api/protection/exclude');
    expect(sent.at(-1)?.body).toEqual({ kind: 'timeout', duration: '7d', password: 'secret12' });
  });

  it('keeps a refused exclusion in the dialog with the server message', async () => {
    const until = NOW + 365 * 86_400;
    routeFetch({
      'api/protection/index': () => ({
        ...unprotected,
        exclusion: { kind: 'self_exclusion', started_at: NOW, until },
      }),
      'api/protection/exclude': () =>
        rejection('exclusion_cannot_shorten', 'A longer exclusion is already running'),
    });
    open();
    expect(await screen.findByTestId('protection-exclusion', undefined, SLOW)).toHaveTextContent(
      'Self-exclusion in progress',
    );
    expect(screen.getAllByText('A new request can only make the running one longer.')).toHaveLength(
      2,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Exclude me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude yourself for 6 months?' });
    await userEvent.type(within(dialog).getByLabelText('Login password'), 'secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exclude me' }));
    expect(
      await within(dialog).findByText('A longer exclusion is already running'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains why the guard sent the player here', async () => {
    routeFetch({ 'api/protection/index': () => unprotected });
    open(`${ROUTES.protection}?blocked=1`);
    expect(await screen.findByTestId('protection-blocked', undefined, SLOW)).toHaveTextContent(
      'That page is closed while your time-out or self-exclusion runs.',
    );
  });
});
