import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlayerReport } from '@/console/api/player';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { aPlayerReport, anAdjustmentRequest, aSession } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

type Post = (call: FetchCall, report: PlayerReport) => { reply: Response; next?: PlayerReport };

/** A server holding player 7 (`report`); `post` answers every POST and may change him. */
function serve(report: PlayerReport = aPlayerReport(), post?: Post) {
  let current = report;
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues')
      return jsonResponse(envelope({ deposits: null, withdrawals: null }));
    if (call.url === '/admin/api/players/7' && call.method === 'GET')
      return jsonResponse(envelope(current));
    if (call.method === 'POST' && post !== undefined) {
      const { reply, next } = post(call, current);
      if (next !== undefined) current = next;
      return reply;
    }
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
}

const ok = (data: unknown) => jsonResponse(envelope(data));
const refuse = (msg: string, err: string, status = 200) =>
  jsonResponse({ code: 0, msg, err, data: null }, status);
const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');
const reads = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === '/admin/api/players/7' && call.method === 'GET');
/** Buttons ignore a second click within 500 ms (components/button.tsx). */
const pastButtonThrottle = () => new Promise((done) => setTimeout(done, 600));
/** An admin: every action is his (the page's `may` says what the server allows). */
const staff = (fields: Parameters<typeof aSession>[0] = {}) =>
  aSession({ role: 'admin', permissions: ['*:*:*'], ...fields });
const readOnly = { adjust: false, freeze: false, reset_password: false, manage_roles: false };

describe('player page', () => {
  it('shows his account, balances, limits, protection, team and recent activity', async () => {
    serve();
    renderConsole('/players/7', staff());
    expect(screen.getByRole('heading', { level: 1, name: 'Player 7' })).toBeVisible();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByTestId('account-phone')).toHaveTextContent('13800000007');
    expect(within(account).getByTestId('account-username')).toHaveTextContent('alice_good');
    expect(within(account).getByTestId('account-invite-code')).toHaveTextContent('K7Q2M9');
    expect(within(account).getByRole('link', { name: 'Player 3 (13800000003)' })).toHaveAttribute(
      'href',
      '/players/3',
    );
    expect(within(account).getByTestId('account-frozen-since')).toHaveTextContent('—');
    expect(within(account).getByTestId('account-roles')).toHaveTextContent('test');
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(within(balances).getByTestId('balance-wallet')).toHaveTextContent('1,234.50');
    const limits = screen.getByRole('region', { name: 'Limits' });
    expect(within(limits).getByTestId('limit-withdrawals-left')).toHaveTextContent('2 of 3');
    expect(within(limits).getByTestId('limit-deposits-pending')).toHaveTextContent('1 of 3');
    expect(within(limits).getByTestId('turnover-left')).toHaveTextContent('120.00');
    const protection = screen.getByRole('region', { name: 'Player protection' });
    expect(within(protection).getByTestId('protection-deposit-limits')).toHaveTextContent(
      'day 100.00 (used 20.00), week —, month —',
    );
    expect(within(protection).getByTestId('protection-loss-limits')).toHaveTextContent('—');
    expect(within(protection).getByText('every 60 min')).toBeVisible();
    const team = screen.getByRole('region', { name: 'Team' });
    expect(within(team).getByTestId('team-level-1')).toHaveTextContent('4 people');
    expect(within(team).getByTestId('team-total')).toHaveTextContent('5 people');
    expect(screen.getByText('No adjustment of this wallet waits.')).toBeVisible();

    const entries = screen.getByRole('table', { name: 'Ledger entries' });
    expect(within(entries).getByText('+120.00')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Bets' }));
    const bets = screen.getByRole('table', { name: 'Bets' });
    expect(within(bets).getByText('20270115001')).toBeVisible();
    expect(within(bets).getByText('+9.80')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Logins' }));
    const logins = screen.getByRole('table', { name: 'Logins' });
    expect(within(logins).getByText('203.0.113.7')).toBeVisible();
    expect(within(logins).getByText('ended')).toBeVisible();
  });

  it('offers only what his permissions allow', async () => {
    serve(aPlayerReport({ may: { ...readOnly, freeze: true } }));
    renderConsole('/players/7', aSession({ permissions: ['player:account:*'] }));
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Freeze' })).toBeVisible();
    for (const name of ['Adjust', 'Reset login password', 'Clear fund password', 'Add role'])
      expect(within(actions).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('offers no action to a reader only', async () => {
    serve(aPlayerReport({ may: readOnly }));
    renderConsole('/players/7', aSession({ permissions: ['player:account:read'] }));
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).getByText('Your role may only look at this player.')).toBeVisible();
    expect(within(actions).queryByRole('button')).not.toBeInTheDocument();
  });

  it('credits the wallet with a reason and shows the new balance', async () => {
    const { calls } = serve(aPlayerReport(), (_, report) => {
      const balances = { ...report.balances, wallet: '1244.50' };
      return { reply: ok({ state: 'applied', balances }), next: { ...report, balances } };
    });
    renderConsole('/players/7', staff({ csrf: 'csrf-7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adjust' }));
    expect(screen.getByText(/Enter an amount other than 0/)).toBeVisible();
    expect(screen.getByText('Give a reason for the adjustment.')).toBeVisible();
    expect(posts(calls)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^Amount/), '10');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Goodwill');
    await pastButtonThrottle();
    await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The wallet is adjusted: it now holds 1,244.50.',
    );
    expect(posts(calls)[0]).toMatchObject({
      url: '/admin/api/players/7/adjust',
      body: { amount: '10.00', reason: 'Goodwill' },
      headers: { 'x-csrf-token': 'csrf-7' },
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('balance-wallet')).toHaveTextContent('1,244.50'),
    );
    expect(reads(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('says when an adjustment needs a second staff member, and that it waits', async () => {
    const request = anAdjustmentRequest({ credit: false, amount: '800.00', requested_by: 'mai' });
    const { calls } = serve(
      aPlayerReport({ adjust_second_approval_above: '500.00' }),
      (_, report) => ({
        reply: ok({ state: 'awaiting_second_approval', request }),
        next: { ...report, adjustments_waiting: [request] },
      }),
    );
    renderConsole('/players/7', staff({ name: 'mai' }));
    expect(await screen.findByTestId('adjust-four-eyes')).toHaveTextContent(
      "An adjustment of more than 500.00 waits for a second staff member's approval.",
    );
    await userEvent.type(screen.getByLabelText(/^Amount/), '-800');
    expect(screen.getByTestId('adjust-four-eyes')).toHaveTextContent(
      'This amount is above 500.00: a second staff member must approve it before the wallet changes.',
    );
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Bonus paid twice');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Adjustment 12 (-800.00) is waiting for a second approval',
    );
    expect(posts(calls)[0]).toMatchObject({
      body: { amount: '-800.00', reason: 'Bonus paid twice' },
    });
    const waiting = await screen.findByRole('table', {
      name: 'Adjustments waiting for a second approval',
    });
    expect(within(waiting).getByText('-800.00')).toBeVisible();
    expect(within(waiting).getByText('mai')).toBeVisible();
  });

  it('shows the refusal of his own approval in words, and approves another one', async () => {
    const mine = anAdjustmentRequest({ id: 12, requested_by: 'mai' });
    const theirs = anAdjustmentRequest({
      id: 13,
      requested_by: 'linh',
      amount: '600.00',
      reason: 'Missed bonus',
    });
    const { calls } = serve(
      aPlayerReport({ adjustments_waiting: [mine, theirs] }),
      (call, report) =>
        call.url.endsWith('/12/approve')
          ? {
              reply: refuse(
                'This needs the approval of a second reviewer, not the one who gave the first',
                'second_approver_needed',
              ),
            }
          : {
              reply: ok({ request: { ...theirs, outcome: 'applied', decided_by: 'mai' } }),
              next: { ...report, adjustments_waiting: [mine] },
            },
    );
    renderConsole('/players/7', staff({ name: 'mai' }));
    const waiting = await screen.findByRole('table', {
      name: 'Adjustments waiting for a second approval',
    });
    expect(within(waiting).getByText('+800.00')).toBeVisible();
    expect(within(waiting).getByText('Missed bonus')).toBeVisible();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Approve adjustment 12' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You asked for this adjustment: a second staff member must approve it.',
    );
    await pastButtonThrottle();
    await userEvent.click(screen.getByRole('button', { name: 'Approve adjustment 13' }));
    expect(await screen.findByText('Adjustment 13 is applied.')).toBeVisible();
    expect(posts(calls).map((call) => call.url)).toEqual([
      '/admin/api/adjustments/12/approve',
      '/admin/api/adjustments/13/approve',
    ]);
    await vi.waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Approve adjustment 13' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows the refusal of a debit larger than the wallet', async () => {
    serve(aPlayerReport(), () => ({
      reply: refuse('Insufficient balance', 'insufficient_balance'),
    }));
    renderConsole('/players/7', staff());
    await userEvent.type(await screen.findByLabelText(/^Amount/), '-5000');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Chargeback');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The wallet holds less than this debit.',
    );
  });

  it('freezes with a reason, shows the frozen badge, then unfreezes', async () => {
    const { calls } = serve(aPlayerReport(), (call, report) => ({
      reply: ok({ user_id: 7 }),
      next: {
        ...report,
        account: {
          ...report.account,
          frozen_at: call.url.endsWith('/freeze') ? 1_800_000_500 : null,
        },
      },
    }));
    renderConsole('/players/7', staff());
    await userEvent.click(await screen.findByRole('button', { name: 'Freeze' }));
    const dialog = screen.getByRole('dialog', { name: 'Freeze player 7' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(within(dialog).getByText('Give a reason: it is kept in the audit log.')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Chargeback fraud');
    await pastButtonThrottle();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Player 7 is frozen');
    expect(await screen.findByTestId('frozen-badge')).toHaveTextContent('Frozen');
    expect(posts(calls)[0]).toMatchObject({
      url: '/admin/api/players/7/freeze',
      body: { reason: 'Chargeback fraud' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unfreeze' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Player 7 is unfrozen');
    await vi.waitFor(() => expect(screen.queryByTestId('frozen-badge')).not.toBeInTheDocument());
    expect(posts(calls)[1]).toMatchObject({ url: '/admin/api/players/7/unfreeze', body: {} });
  });

  it('resets the login password after a confirmation and shows it once', async () => {
    const { calls } = serve(aPlayerReport(), () => ({
      reply: ok({ user_id: 7, password: 'Xk7pQ2mR9vTa' }),
    }));
    renderConsole('/players/7', staff());
    await userEvent.click(await screen.findByRole('button', { name: 'Reset login password' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the login password of player 7?' });
    expect(posts(calls)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset login password' }));
    expect(await screen.findByTestId('temporary-password')).toHaveTextContent('Xk7pQ2mR9vTa');
    expect(screen.getByText(/ask him to change it after he logs in/)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)[0]).toMatchObject({ url: '/admin/api/players/7/password', body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/^Cop/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Done, hide it' }));
    expect(screen.queryByTestId('temporary-password')).not.toBeInTheDocument();
  });

  it('clears the fund password after a confirmation', async () => {
    const { calls } = serve(aPlayerReport(), () => ({ reply: ok({ user_id: 7 }) }));
    renderConsole('/players/7', staff());
    await userEvent.click(await screen.findByRole('button', { name: 'Clear fund password' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the fund password of player 7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear fund password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The fund password of player 7 is cleared.',
    );
    expect(posts(calls)[0]).toMatchObject({
      url: '/admin/api/players/7/fund-password/clear',
      body: {},
    });
  });

  it('adds and removes roles, and shows a refusal in words', async () => {
    const { calls } = serve(aPlayerReport(), (call, report) => {
      const body = call.body as { role: string; change: string };
      if (body.role === 'admin')
        return { reply: refuse('You do not have permission to do this', 'no_permission', 403) };
      const roles =
        body.change === 'add'
          ? [...report.grants.roles, body.role]
          : report.grants.roles.filter((role) => role !== body.role);
      return {
        reply: ok({ user_id: 7, roles }),
        next: { ...report, grants: { ...report.grants, roles } },
      };
    });
    renderConsole('/players/7', staff());
    const role = await screen.findByLabelText('Role');
    await userEvent.type(role, 'support');
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Role support is added.');
    const list = await screen.findByTestId('role-list');
    await vi.waitFor(() => expect(list).toHaveTextContent('support'));
    expect(posts(calls)[0]).toMatchObject({
      url: '/admin/api/players/7/roles',
      body: { role: 'support', change: 'add' },
    });
    await pastButtonThrottle();
    await userEvent.click(screen.getByRole('button', { name: 'Remove role test' }));
    expect(await screen.findByText('Role test is removed.')).toBeVisible();
    expect(posts(calls)[1]).toMatchObject({ body: { role: 'test', change: 'remove' } });

    await userEvent.type(screen.getByLabelText('Role'), 'admin');
    await pastButtonThrottle();
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not do this.');
  });

  it('says so when the player does not exist', async () => {
    mockFetch((call) =>
      call.url === '/admin/api/queues'
        ? jsonResponse(envelope({ deposits: null, withdrawals: null }))
        : refuse('The resource does not exist', 'not_found'),
    );
    renderConsole('/players/7', staff());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This player or request does not exist.',
    );
  });

  it('is not offered without the permission', async () => {
    const { calls } = serve();
    renderConsole('/players/7', aSession({ permissions: ['wallet:deposit:review'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not look up players.',
    );
    expect(reads(calls)).toHaveLength(0);
  });
});
