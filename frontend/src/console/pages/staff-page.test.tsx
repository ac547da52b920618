import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffPage } from '@/console/api/staff';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import {
  anEnrolment,
  aSession,
  aStaffMember,
  aStaffPage,
  ENROLMENT_SECRET,
} from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

type Post = (call: FetchCall, page: StaffPage) => { reply: Response; next?: StaffPage };

/** A server holding `page`; `post` answers every POST and may change it. */
function serve(page: StaffPage = aStaffPage(), post?: Post) {
  let current = page;
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues')
      return jsonResponse(envelope({ deposits: null, withdrawals: null }));
    if (call.url === '/admin/api/staff' && call.method === 'GET')
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
const refuse = (msg: string, err: string) => jsonResponse({ code: 0, msg, err, data: null });
const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');
const reads = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === '/admin/api/staff' && call.method === 'GET');
/** A manager of staff below admin: he may give content, finance and support. */
const manager = (fields: Parameters<typeof aSession>[0] = {}) =>
  aSession({ role: 'manager', permissions: ['staff:member:manage', 'wallet:*:*'], ...fields });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });

describe('staff page', () => {
  it('lists the staff with their role, enrolment, state and the actions in reach', async () => {
    serve();
    renderConsole('/staff', manager());
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Staff members' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    const linh = rowOf('linh');
    expect(within(linh).getByText('support')).toBeVisible();
    expect(within(linh).getByText('enrolled')).toBeVisible();
    expect(within(linh).getByText('Active')).toBeVisible();
    expect(within(linh).getByRole('button', { name: 'Disable linh' })).toBeVisible();
    expect(within(linh).getByRole('button', { name: 'New second factor for linh' })).toBeVisible();

    // An admin is above a manager: no action on him (the server would refuse it too).
    const chi = rowOf('chi');
    expect(within(chi).queryByRole('button')).not.toBeInTheDocument();
    expect(within(chi).getByText('above your role')).toBeVisible();

    // Disabled: the badge and the reason; a new second factor, but no second Disable.
    const bao = rowOf('bao');
    expect(within(bao).getByTestId('staff-disabled')).toHaveTextContent('disabledleft the company');
    expect(within(bao).queryByRole('button', { name: 'Disable bao' })).not.toBeInTheDocument();
    expect(within(bao).getByRole('button', { name: 'New second factor for bao' })).toBeVisible();

    // The form offers the roles he may give, and only those.
    const role = screen.getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a role', 'content', 'finance', 'support']);
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/staff');
  });

  it('offers no action on his own row', async () => {
    serve();
    renderConsole('/staff', manager({ user_id: 21, name: 'linh' }));
    const linh = within(await screen.findByRole('table')).getByRole('row', { name: /^linh / });
    expect(within(linh).getByText('you')).toBeVisible();
    expect(within(linh).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the page only to a manager of staff', async () => {
    serve();
    renderConsole('/staff', aSession({ permissions: ['wallet:*:*'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not manage staff members.',
    );
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('adds a member, shows his QR code, secret and recovery codes once, and confirms him', async () => {
    const enrolment = anEnrolment();
    const { calls } = serve(aStaffPage(), (call, page) => {
      if (call.url === '/admin/api/staff') {
        const member = aStaffMember({ id: 31, name: 'mai_support', enrolled: false });
        return { reply: ok(enrolment), next: { ...page, list: [...page.list, member] } };
      }
      const member = aStaffMember({ id: 31, name: 'mai_support', enrolled: true });
      const list = page.list.map((one) => (one.id === 31 ? member : one));
      return { reply: ok({ member }), next: { ...page, list } };
    });
    renderConsole('/staff', manager({ csrf: 'csrf-staff' }));
    const form = await screen.findByRole('form', { name: 'Add a staff member' });
    await userEvent.type(within(form).getByLabelText(/^Account/), 'mai_support');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'support');
    await userEvent.type(within(form).getByLabelText(/^Console passphrase/), 'a long passphrase');
    await userEvent.type(within(form).getByLabelText('Repeat the passphrase'), 'a long passphrase');
    await userEvent.click(within(form).getByRole('button', { name: 'Add staff member' }));

    const panel = await screen.findByRole('region', { name: 'Second factor of mai_support' });
    expect(posts(calls)[0]).toMatchObject({
      url: '/admin/api/staff',
      body: { user: 'mai_support', role: 'support', passphrase: 'a long passphrase' },
      headers: { 'x-csrf-token': 'csrf-staff' },
    });
    expect(
      within(panel).getByRole('img', {
        name: 'QR code of the authenticator secret of mai_support',
      }),
    ).toBeVisible();
    expect(within(panel).getByTestId('enrolment-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXQ',
    );
    expect(within(panel).getByTestId('enrolment-secret').textContent?.replaceAll(' ', '')).toBe(
      ENROLMENT_SECRET,
    );
    expect(
      within(within(panel).getByTestId('recovery-codes')).getAllByRole('listitem'),
    ).toHaveLength(10);
    expect(within(panel).getByText(/Shown only this once/)).toBeVisible();
    expect(within(panel).getAllByRole('button', { name: /Copy/ })).toHaveLength(1);
    // The form is empty again, ready for the next member.
    expect(within(form).getByLabelText(/^Account/)).toHaveValue('');
    await vi.waitFor(() =>
      expect(within(rowOf('mai_support')).getByText('not enrolled')).toBeVisible(),
    );

    await userEvent.type(within(panel).getByLabelText(/^First code/), '123 456');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'mai_support is enrolled: he can sign in',
    );
    expect(posts(calls)[1]).toMatchObject({
      url: '/admin/api/staff/31/confirm',
      body: { code: '123456' },
    });
    await vi.waitFor(() =>
      expect(within(rowOf('mai_support')).getByText('enrolled')).toBeVisible(),
    );
    expect(reads(calls).length).toBeGreaterThanOrEqual(3);

    await userEvent.click(within(panel).getByRole('button', { name: 'Done, hide it' }));
    expect(screen.queryByTestId('enrolment')).not.toBeInTheDocument();
  });

  it('checks the passphrase in the browser and words the refusal of the server', async () => {
    const { calls } = serve(aStaffPage(), () => ({
      reply: refuse('Tài khoản này đã là nhân viên', 'staff_exists'),
    }));
    renderConsole('/staff', manager());
    const form = await screen.findByRole('form', { name: 'Add a staff member' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add staff member' }));
    expect(within(form).getByText("Enter the account's id, phone or login name.")).toBeVisible();
    expect(within(form).getByText('Choose one of the roles you may give.')).toBeVisible();
    expect(within(form).getByText('A passphrase has 12 to 256 characters.')).toBeVisible();

    await userEvent.type(within(form).getByLabelText(/^Account/), 'linh');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'finance');
    await userEvent.type(within(form).getByLabelText(/^Console passphrase/), 'a long passphrase');
    await userEvent.type(within(form).getByLabelText('Repeat the passphrase'), 'a long passphrasE');
    await new Promise((done) => setTimeout(done, 600));
    await userEvent.click(within(form).getByRole('button', { name: 'Add staff member' }));
    expect(
      within(form).getByText('The two passphrases differ: type the same one twice.'),
    ).toBeVisible();
    expect(posts(calls)).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Repeat the passphrase'));
    await userEvent.type(within(form).getByLabelText('Repeat the passphrase'), 'a long passphrase');
    await new Promise((done) => setTimeout(done, 600));
    await userEvent.click(within(form).getByRole('button', { name: 'Add staff member' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This account is already a staff member.',
    );
    expect(posts(calls)).toHaveLength(1);
    expect(screen.queryByTestId('enrolment')).not.toBeInTheDocument();
  });

  it('disables a member with a reason, and the table shows it', async () => {
    const { calls } = serve(aStaffPage(), (call, page) => {
      const body = call.body as { reason: string };
      const member = aStaffMember({ disabled: true, disabled_reason: body.reason });
      const list = page.list.map((one) => (one.id === 21 ? member : one));
      return { reply: ok({ member }), next: { ...page, list } };
    });
    renderConsole('/staff', manager());
    await userEvent.click(await screen.findByRole('button', { name: 'Disable linh' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable staff member linh' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(within(dialog).getByText('Give a reason: it is kept in the audit log.')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'left the company');
    await new Promise((done) => setTimeout(done, 600));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'linh is disabled: his sessions have ended and he cannot sign in.',
    );
    expect(posts(calls)).toMatchObject([
      { url: '/admin/api/staff/21/disable', body: { reason: 'left the company' } },
    ]);
    await vi.waitFor(() =>
      expect(within(rowOf('linh')).getByTestId('staff-disabled')).toHaveTextContent(
        'left the company',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Disable linh' })).not.toBeInTheDocument();
  });

  it('gives a member a new second factor, with or without a new passphrase', async () => {
    const { calls } = serve(aStaffPage(), () => ({
      reply: ok(anEnrolment({ user_id: 21 })),
    }));
    renderConsole('/staff', manager());
    await userEvent.click(
      await screen.findByRole('button', { name: 'New second factor for linh' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'A new second factor for linh?' });
    expect(within(dialog).getByText(/his sessions end/)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(/^New passphrase/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New second factor' }));
    expect(within(dialog).getByText('A passphrase has 12 to 256 characters.')).toBeVisible();
    expect(posts(calls)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText(/^New passphrase/));
    await new Promise((done) => setTimeout(done, 600));
    await userEvent.click(within(dialog).getByRole('button', { name: 'New second factor' }));

    const panel = await screen.findByRole('region', { name: 'Second factor of linh' });
    expect(posts(calls)).toMatchObject([{ url: '/admin/api/staff/21/reset', body: {} }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('enrolment-secret')).toHaveTextContent('JBSW Y3DP');
    expect(within(panel).getByRole('heading', { name: 'Second factor of linh' })).toHaveFocus();
  });
});
