import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { anAuditPage, anAuditRecord, aPlayerReport, aSession } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { formatDateTime } from '@/lib/time';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

const finance = () =>
  aSession({
    name: 'mai',
    role: 'finance',
    permissions: ['wallet:*:*', 'player:account:read', 'audit:log:read'],
  });

/** Answers the audit log from `audit` and every other console call the pages make. */
function serve(audit: (call: FetchCall) => unknown | Response) {
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues')
      return jsonResponse(envelope({ deposits: null, withdrawals: null }));
    if (call.url === '/admin/api/audit' || call.url.startsWith('/admin/api/audit?')) {
      const answer = audit(call);
      return answer instanceof Response ? answer : jsonResponse(envelope(answer));
    }
    if (call.url === '/admin/api/players/7') return jsonResponse(envelope(aPlayerReport()));
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
}

const searchOf = (call: FetchCall) => new URL(call.url, 'http://console.test').searchParams;
const audits = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith('/admin/api/audit'));
const lastAudit = (calls: FetchCall[]) => searchOf(audits(calls).at(-1)!);

const refused = anAuditRecord({
  id: 309,
  at: '2027-01-15T08:10:00Z',
  actor: 'ops',
  os_identity: { uid: 0, sudo_user: 'linh' },
  action: 'user.freeze',
  target_kind: 'user',
  target_id: '8',
  arguments: { reason: 'Chargeback' },
  before: null,
  after: null,
  outcome: 'refused',
  message: 'The account is already frozen.',
});

describe('audit log', () => {
  it('lists the records newest first: time, actor and origin, action, target, outcome', async () => {
    const { calls } = serve(() =>
      anAuditPage([
        anAuditRecord(),
        refused,
        anAuditRecord({ id: 300, target_kind: 'room', target_id: 'k3' }),
      ]),
    );
    renderConsole('/audit', finance());
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Audit records, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(formatDateTime(Date.parse('2027-01-15T08:30:00Z') / 1000));
    expect(rows[1]).toHaveTextContent('maiconsole, 203.0.113.9');
    expect(rows[1]).toHaveTextContent('wallet.adjust');
    expect(within(rows[1]!).getByRole('link', { name: 'wallet:7' })).toHaveAttribute(
      'href',
      '/players/7',
    );
    expect(within(rows[1]!).getByText('Done')).toBeVisible();
    expect(rows[2]).toHaveTextContent('shell, linh (uid 0)');
    expect(within(rows[2]!).getByText('Refused')).toBeVisible();
    expect(rows[2]).toHaveTextContent('The account is already frozen.');
    expect(within(rows[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('room:k3');
    expect(screen.getByTestId('audit-summary')).toHaveTextContent(
      '3 records on this page, newest first.',
    );
    expect([...lastAudit(calls).keys()]).toEqual([]);
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('sends the filters, keeps them in the URL, and Back returns to them', async () => {
    const { calls } = serve(() => anAuditPage());
    const { router } = renderConsole('/audit', finance());
    const kind = await screen.findByRole('combobox', { name: 'Target kind' });
    await screen.findByRole('option', { name: 'adjustment' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Actor/ }), ' mai ');
    await userEvent.type(screen.getByRole('textbox', { name: /^Action/ }), 'wallet.');
    await userEvent.selectOptions(kind, 'wallet');
    await userEvent.type(screen.getByRole('textbox', { name: 'Target id' }), '7');
    await userEvent.type(screen.getByRole('textbox', { name: /^Player/ }), '13800000007');
    await userEvent.type(screen.getByLabelText('From'), '2027-01-01');
    await userEvent.type(screen.getByLabelText('To (inclusive)'), '2027-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await vi.waitFor(() => expect(lastAudit(calls).get('actor')).toBe('mai'));
    const sent = lastAudit(calls);
    expect(Object.fromEntries(sent)).toEqual({
      actor: 'mai',
      action: 'wallet.',
      target: 'wallet:7',
      player: '13800000007',
      since: '2027-01-01',
      until: '2027-01-15',
    });
    expect(router.state.location.search).toBe(`?${sent.toString()}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: /^Actor/ })).toHaveValue('');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('textbox', { name: /^Actor/ })).toHaveValue('mai');
    expect(screen.getByRole('combobox', { name: 'Target kind' })).toHaveValue('wallet');
    expect(screen.getByRole('textbox', { name: 'Target id' })).toHaveValue('7');
  });

  it('asks for a kind before an id, and for the last day after the first', async () => {
    const { calls } = serve(() => anAuditPage());
    renderConsole('/audit', finance());
    await screen.findByRole('table');
    const before = audits(calls).length;
    await userEvent.type(screen.getByRole('textbox', { name: 'Target id' }), '7');
    await userEvent.type(screen.getByLabelText('From'), '2027-01-15');
    await userEvent.type(screen.getByLabelText('To (inclusive)'), '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Choose a target kind for the id.')).toBeVisible();
    expect(screen.getByText('The last day comes before the first.')).toBeVisible();
    expect(audits(calls)).toHaveLength(before);
  });

  it('pages to older records by the oldest shown, and back to the newest', async () => {
    const { calls } = serve((call) =>
      searchOf(call).get('before') === '300'
        ? anAuditPage([anAuditRecord({ id: 299, action: 'deposit.approve' })])
        : anAuditPage([anAuditRecord(), anAuditRecord({ id: 300 })], { next_before: 300 }),
    );
    const { router } = renderConsole('/audit?action=wallet.', finance());
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Newest' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('deposit.approve')).toBeVisible();
    expect(Object.fromEntries(lastAudit(calls))).toEqual({ action: 'wallet.', before: '300' });
    expect(router.state.location.search).toBe('?action=wallet.&before=300');
    expect(screen.getByTestId('audit-summary')).toHaveTextContent('Older than record 300.');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Newest' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?action=wallet.'));
    expect(lastAudit(calls).get('before')).toBeNull();
  });

  it('opens a record: its arguments and the changed balance, every field on the toggle', async () => {
    serve(() => anAuditPage([anAuditRecord(), refused]));
    renderConsole('/audit', finance());
    const open = await screen.findByRole('button', { name: 'Details of record 310' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const detail = screen.getByRole('region', { name: 'Record 310: wallet.adjust' });
    expect(open).toHaveAttribute('aria-controls', detail.closest('tr')?.id);
    expect(detail).toHaveTextContent('Console session 44 (staff id 9) from 203.0.113.9');
    const args = within(detail).getByRole('table', { name: 'Arguments of record 310' });
    expect(within(args).getByRole('row', { name: 'amount 5.00' })).toBeVisible();
    expect(within(args).getByRole('row', { name: 'reason Goodwill' })).toBeVisible();

    const changes = within(detail).getByRole('table', {
      name: "The target's fields before and after record 310",
    });
    const rows = within(changes).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('balances.walletchanged0.005.00');
    expect(rows[1]).toHaveAttribute('data-change', 'changed');

    await userEvent.click(within(detail).getByRole('checkbox', { name: 'Show every field' }));
    const every = within(changes).getAllByRole('row').slice(1);
    expect(every.map((row) => row.textContent)).toEqual([
      'user_id77',
      'balances.walletchanged0.005.00',
      'balances.game0.000.00',
    ]);

    await userEvent.click(open);
    expect(screen.queryByTestId('audit-detail')).not.toBeInTheDocument();
  });

  it('marks the fields of a created target as added, and says when no snapshot was kept', async () => {
    const created = anAuditRecord({
      id: 311,
      action: 'adjustment.request',
      target_kind: 'adjustment',
      target_id: '12',
      before: null,
      after: { id: 12, amount: '800.00' },
    });
    serve(() => anAuditPage([created, refused]));
    renderConsole('/audit', finance());
    await userEvent.click(await screen.findByRole('button', { name: 'Details of record 311' }));
    const changes = screen.getByRole('table', {
      name: "The target's fields before and after record 311",
    });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-change'))).toEqual(['added', 'added']);
    expect(rows[1]).toHaveTextContent('amountadded(absent)800.00');

    await userEvent.click(screen.getByRole('button', { name: 'Details of record 309' }));
    const detail = screen.getByRole('region', { name: 'Record 309: user.freeze' });
    expect(detail).toHaveTextContent('No snapshot of the target was recorded.');
    expect(detail).toHaveTextContent('The account is already frozen.');
  });

  it('says in words that no player matches, and that a filter is not valid', async () => {
    serve((call) =>
      jsonResponse(
        searchOf(call).has('player')
          ? { code: 0, msg: 'Not found', err: 'not_found', data: null }
          : {
              code: 0,
              msg: 'Parameter error, please leave and re-enter',
              err: 'bad_params',
              data: null,
            },
      ),
    );
    const { router } = renderConsole('/audit?player=zz-nobody', finance());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No player has this id, phone or login name.',
    );
    await act(() => router.navigate('/audit?since=yesterday'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A filter is not valid: check the target kind, the id and the dates.',
    );
  });

  it('is not offered without the permission', async () => {
    const { calls } = serve(() => anAuditPage());
    renderConsole('/audit', aSession({ permissions: ['player:account:read'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not read the audit log.',
    );
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(audits(calls)).toHaveLength(0);
  });
});
