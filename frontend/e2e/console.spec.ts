// The operator console at /admin/ against the real binary: a staff member made with
// `fairhall admin staff create|confirm` signs in with his passphrase and a TOTP code computed
// from the secret the CLI printed, reviews a player's deposit with its real voucher picture
// (approve, and reject with a reason the player reads), a role without the permission is
// refused by the server, and `staff disable` ends a session in the open console. axe WCAG 2.1
// AA on every console route, screenshots at 1280 px and 768 px; a withdrawal paid, and a
// large one paid only on a second staff member's approval (the four-eyes rule); the player desk:
// a player found by phone, his wallet adjusted (a large adjustment only on a second staff
// member's approval), frozen and unfrozen, and a temporary password; the staff page: an admin
// makes a player account a support member, who confirms with a code of the secret shown once
// and signs in, and is then disabled.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  admin,
  axeViolations,
  createdId,
  creditWallet,
  pastButtonThrottle,
  randomLoginName,
  randomPhone,
  requestDeposit,
} from './support';

const SCREENSHOTS = resolve(
  process.env.FAIRHALL_TEST_LOG_DIR ?? resolve(import.meta.dirname, '../../target/test-logs'),
  'screenshots',
);
const PASSPHRASE = 'a long console passphrase';
/** The console's English texts, so the spec finds elements the way staff read them. */
const messages = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../src/console/i18n/locales/en.json'), 'utf8'),
) as Record<string, string>;
const en = (key: string): string => {
  const found = messages[key];
  if (found === undefined) throw new Error(`no console text ${key}`);
  return found;
};

// axe-core is injected as a script, which the CSP would block (tests only).
test.use({ bypassCSP: true, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });

/** RFC 4648 base32 without padding, as the otpauth:// URI carries the secret. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The RFC 6238 code of `step` (SHA-1, 6 digits, 30 s steps), as an authenticator app shows. */
function totp(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = (mac[19] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const stepNow = (): number => Math.floor(Date.now() / 30_000);

type Staff = { name: string; secret: Buffer; lastStep: number };

/** An account made a staff member with `role` and enrolled, as an operator does over SSH. */
function enrolledStaff(role: string): Staff {
  const name = randomLoginName();
  const user = ['user', 'create', '--phone', randomPhone(), '--username', name];
  admin(...user, '--password', 'secret_123');
  const created = admin('staff', 'create', name, '--role', role, '--passphrase', PASSPHRASE);
  const uri = /^authenticator URI \(shown once\): (otpauth:\/\/\S+)$/m.exec(created)?.[1];
  if (uri === undefined) throw new Error(`no authenticator URI in: ${created}`);
  const secret = base32Decode(new URL(uri).searchParams.get('secret') ?? '');
  const step = stepNow();
  admin('staff', 'confirm', name, '--code', totp(secret, step));
  return { name, secret, lastStep: step };
}

/** The next code the server takes: a later step than the last accepted (±1 step is allowed). */
function nextCode(staff: Staff): string {
  staff.lastStep = Math.max(staff.lastStep + 1, stepNow());
  return totp(staff.secret, staff.lastStep);
}

async function signIn(page: Page, staff: Staff): Promise<void> {
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1, name: en('sign_in_title') })).toBeVisible();
  await page.getByLabel(en('field_account')).fill(staff.name);
  await page.getByLabel(en('field_passphrase')).fill(PASSPHRASE);
  await page.getByLabel(en('field_code')).fill(nextCode(staff));
  await page.getByRole('button', { name: en('sign_in_submit') }).click();
}

/** A player with two waiting bank deposits (each with its voucher picture); their ids. */
async function playerWithDeposits(request: APIRequestContext): Promise<[string, string]> {
  const password = 'secret_123';
  const response = await request.post('api/login/do_register', {
    data: {
      phone: randomPhone(),
      password,
      repassword: password,
      invite_code: '',
      code: '',
      agree: '1',
      age_confirmed: '1',
    },
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
  expect(body, body.msg).toMatchObject({ code: 1 });
  const token = body.data.token;
  return [
    await requestDeposit(request, token, '31.00'),
    await requestDeposit(request, token, '32.00'),
  ];
}

const depositShown = (id: string): unknown => JSON.parse(admin('deposit', 'show', id, '--json'));

/** POST `path` with the player's token; fails unless the envelope's code is 1. */
async function playerPost<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: object,
  key?: string,
): Promise<T> {
  const response = await request.post(path, {
    headers: { token, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    data,
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body, `POST ${path}: ${body.msg}`).toMatchObject({ code: 1 });
  return body.data;
}

/** A player with a bank card and two waiting withdrawals: 600.00 (above the e2e config's
 * four-eyes amount, 500.00) and 40.00; their ids. */
async function playerWithWithdrawals(request: APIRequestContext): Promise<[string, string]> {
  const phone = randomPhone();
  const password = 'secret_123';
  const registered = await request.post('api/login/do_register', {
    data: {
      phone,
      password,
      repassword: password,
      invite_code: '',
      code: '',
      agree: '1',
      age_confirmed: '1',
    },
  });
  const token = ((await registered.json()) as { data: { token: string } }).data.token;
  creditWallet(phone, '1000');
  const card = await playerPost<{ id: number }>(request, token, 'api/personal/add_bank', {
    bank_id: 'VCB',
    holder: 'Nguyen Van An',
    card_no: '6222021234567890',
    ifsc: '',
    bank_address: '',
    phone: '',
    remark: '',
  });
  await playerPost(request, token, 'api/personal/securitypassword', {
    password: '246810',
    repassword: '246810',
  });
  const ids: string[] = [];
  for (const amount of ['600', '40']) {
    const form = { method: 'bank', account_id: card.id, amount, fund_password: '246810' };
    const made = await playerPost<{ id: number }>(
      request,
      token,
      'api/personal/do_withdraw',
      form,
      `console-${phone}-${amount}`,
    );
    ids.push(String(made.id));
  }
  return [ids[0] ?? '', ids[1] ?? ''];
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function screenshots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(SCREENSHOTS, `console-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });
  await expectAccessible(page);
  await page.screenshot({ path: resolve(SCREENSHOTS, `console-${name}-768.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a finance member signs in with TOTP and reviews deposits with their vouchers', async ({
  page,
  request,
}) => {
  const [approved, rejected] = await playerWithDeposits(request);
  const staff = enrolledStaff('finance');

  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1, name: en('sign_in_title') })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'sign-in');

  await signIn(page, staff);
  await expect(page.getByRole('heading', { level: 1, name: en('queue_title') })).toBeVisible();
  const row = (id: string) => page.getByRole('link', { name: `Deposit ${id}`, exact: true });
  await expect(row(approved)).toBeVisible();
  await expect(row(rejected)).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) fairhall console$/);
  await expectAccessible(page);
  await screenshots(page, 'deposit-queue');

  await row(approved).click();
  await expect(page.getByRole('heading', { level: 1, name: `Deposit ${approved}` })).toBeVisible();
  const voucher = page.getByRole('img', { name: `Voucher of deposit ${approved}` }).first();
  await expect(voucher).toBeVisible();
  await expect
    .poll(() => voucher.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: en('recent_deposits') })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'deposit-detail');

  await page.getByRole('button', { name: en('approve'), exact: true }).click();
  await expect(page.getByText(`Deposit ${approved} is approved.`)).toBeVisible();
  expect(depositShown(approved)).toMatchObject({ status: 'passed' });

  await page.goto(`/admin/#/deposits/${rejected}`);
  await page.getByRole('button', { name: en('reject'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel(en('reason_label')).fill('The transfer did not arrive');
  await dialog.getByRole('button', { name: en('reject'), exact: true }).click();
  await expect(page.getByText(`Deposit ${rejected} is rejected.`)).toBeVisible();
  expect(depositShown(rejected)).toMatchObject({
    status: 'rejected',
    reason: 'The transfer did not arrive',
  });

  // The audit log holds the review under the staff member's name, from his console session.
  const audit = JSON.parse(admin('audit', '--target', `deposit:${approved}`, '--json')) as {
    actor: string;
    os_identity: unknown;
  }[];
  expect(audit).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        actor: staff.name,
        os_identity: expect.objectContaining({ console: expect.anything() }),
      }),
    ]),
  );

  await page.goto('/admin/#/no-such-screen');
  await expect(page.getByRole('heading', { level: 1, name: en('not_found_title') })).toBeVisible();
  await expectAccessible(page);
});

test('the server refuses a role without the permission, whatever the browser asks', async ({
  page,
}) => {
  const staff = enrolledStaff('content');
  await signIn(page, staff);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${staff.name}` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: en('nav_deposits') })).toHaveCount(0);
  await expectAccessible(page);

  const refused = await page.request.get('/admin/api/deposits');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 0, err: 'no_permission' });

  await page.goto('/admin/#/deposits');
  await expect(page.getByText(en('no_permission'))).toBeVisible();
  await expectAccessible(page);
});

test('staff disable ends the session of an open console', async ({ page }) => {
  const staff = enrolledStaff('finance');
  await signIn(page, staff);
  await expect(page.getByRole('heading', { level: 1, name: en('queue_title') })).toBeVisible();

  admin('staff', 'disable', staff.name, '--reason', 'left the company');
  // The queue is polled every 10 s: its next answer is 401 and the sign-in screen says why.
  await expect(page.getByText(en('session_ended'))).toBeVisible({ timeout: 25_000 });
  await expect(page.getByRole('heading', { level: 1, name: en('sign_in_title') })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel(en('field_account')).fill(staff.name);
  await page.getByLabel(en('field_passphrase')).fill(PASSPHRASE);
  await page.getByLabel(en('field_code')).fill(nextCode(staff));
  await page.getByRole('button', { name: en('sign_in_submit') }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: en('sign_in_title') })).toBeVisible();
});

test('a withdrawal is paid from the console, a large one only by a second staff member', async ({
  page,
  browser,
  request,
}) => {
  const [large, small] = await playerWithWithdrawals(request);
  const first = enrolledStaff('finance');
  const second = enrolledStaff('finance');
  const withdrawalShown = (id: string): unknown =>
    JSON.parse(admin('withdraw', 'show', id, '--json'));

  await signIn(page, first);
  await page.getByRole('link', { name: /^Withdrawals/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('w_queue_title') })).toBeVisible();
  const row = (id: string) => page.getByRole('link', { name: `Withdrawal ${id}`, exact: true });
  await expect(row(large)).toBeVisible();
  await expect(row(small)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'withdrawal-queue');

  // The small one: the whole card number on a click (audited), then paid in one click.
  await row(small).click();
  await expect(page.getByRole('heading', { level: 1, name: `Withdrawal ${small}` })).toBeVisible();
  await page.getByRole('button', { name: en('pay_to_reveal') }).click();
  await expect(page.getByTestId('pay-to-card-no')).toContainText('6222021234567890');
  await expectAccessible(page);
  await screenshots(page, 'withdrawal-detail');
  await page.getByRole('button', { name: en('pay'), exact: true }).click();
  await expect(page.getByText(`Withdrawal ${small} is paid.`)).toBeVisible();
  expect(withdrawalShown(small)).toMatchObject({ status: 'passed' });

  // The large one: the first approval moves nothing, the same member cannot give the second.
  await page.goto(`/admin/#/withdrawals/${large}`);
  await page.getByRole('button', { name: en('pay'), exact: true }).click();
  await expect(page.getByTestId('approval-state')).toContainText(first.name);
  expect(withdrawalShown(large)).toMatchObject({ status: 'pending' });
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: en('pay'), exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/second reviewer/);
  expect(withdrawalShown(large)).toMatchObject({ status: 'pending' });
  await expectAccessible(page);

  const other = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
  const secondPage = await other.newPage();
  await signIn(secondPage, second);
  await secondPage.goto(`/admin/#/withdrawals/${large}`);
  await secondPage.getByRole('button', { name: en('pay'), exact: true }).click();
  await expect(secondPage.getByText(`Withdrawal ${large} is paid.`)).toBeVisible();
  expect(withdrawalShown(large)).toMatchObject({ status: 'passed' });
  await other.close();
});

// The audit log: a finance member's adjustment of a player's wallet, found by the player's phone,
// under his own name from the console, with the wallet's balance before and after.
test('the audit log shows a wallet adjustment by its staff member, with the balance before and after', async ({
  page,
}) => {
  const phone = randomPhone();
  const user = ['user', 'create', '--phone', phone, '--username', randomLoginName()];
  const playerId = createdId(admin(...user, '--password', 'secret_123'), 'user');
  const finance = enrolledStaff('finance');

  await signIn(page, finance);
  await expect(page.getByRole('heading', { level: 1, name: en('queue_title') })).toBeVisible();
  await page.goto(`/admin/#/players/${playerId}`);
  await page.getByLabel(en('adjust_amount')).fill('10.00');
  await page.getByLabel(en('reason_label')).fill('Goodwill for the outage');
  await page.getByRole('button', { name: en('adjust_submit') }).click();
  await expect(page.getByTestId('balance-wallet')).toHaveText('10.00');

  await page.getByRole('link', { name: en('nav_audit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('audit_title') })).toBeVisible();
  const filters = page.getByRole('search', { name: en('audit_filters') });
  await filters.getByLabel(en('audit_player'), { exact: true }).fill(phone);
  await filters.getByRole('button', { name: en('audit_apply') }).click();
  await expect(page).toHaveURL(new RegExp(`#/audit\\?player=${phone}$`));
  const row = page.getByRole('row').filter({ hasText: 'wallet.adjust' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(finance.name);
  await expect(row).toContainText(/console, \S+/);
  await expect(row.getByRole('link', { name: `wallet:${playerId}`, exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Details of record \d+$/ }).click();
  const detail = page.getByTestId('audit-detail');
  await expect(detail.getByRole('heading', { name: /: wallet\.adjust$/ })).toBeVisible();
  await expect(detail.getByTestId('audit-arguments')).toContainText('Goodwill for the outage');
  const balance = detail.getByTestId('audit-diff').getByRole('row', { name: /^balances\.wallet / });
  await expect(balance).toHaveAttribute('data-change', 'changed');
  await expect(balance.getByRole('cell')).toHaveText(['0.00', '10.00']);
  await expectAccessible(page);
  await screenshots(page, 'audit');
});

test('the player desk finds a player, adjusts his wallet, freezes him and resets his password', async ({
  page,
  browser,
}) => {
  const phone = randomPhone();
  const playerId = createdId(
    admin(
      'user',
      'create',
      '--phone',
      phone,
      '--username',
      randomLoginName(),
      '--password',
      'secret_123',
    ),
    'user',
  );
  const support = enrolledStaff('support');
  const finance = enrolledStaff('finance');
  const chief = enrolledStaff('admin');
  const wallet = () => page.getByTestId('balance-wallet');

  // Support finds him by phone; Back returns to the search.
  await signIn(page, support);
  await page.getByRole('link', { name: en('nav_players') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('players_title') })).toBeVisible();
  await page.getByRole('searchbox', { name: en('players_search_label') }).fill(phone);
  await page.keyboard.press('Enter');
  const row = page.getByRole('link', { name: `Player ${playerId}`, exact: true });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('players-summary')).toContainText(phone);
  await expectAccessible(page);
  await screenshots(page, 'players');

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: `Player ${playerId}` })).toBeVisible();
  await expect(page.getByTestId('account-phone')).toHaveText(phone);
  await expect(wallet()).toHaveText('0.00');
  await expect(page.getByRole('button', { name: en('adjust_submit') })).toHaveCount(0);

  // Freeze with a reason (the badge shows), then unfreeze.
  await page.getByRole('button', { name: en('freeze'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel(en('reason_label')).fill('Chargeback under review');
  await dialog.getByRole('button', { name: en('freeze'), exact: true }).click();
  await expect(page.getByTestId('frozen-badge')).toHaveText(en('frozen'));
  await page.getByRole('button', { name: en('unfreeze') }).click();
  await expect(page.getByTestId('frozen-badge')).toHaveCount(0);

  // A temporary password, shown once.
  await page.getByRole('button', { name: en('reset_password') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('reset_password') })
    .click();
  await expect(page.getByTestId('temporary-password')).toHaveText(/^\S{12}$/);
  await expectAccessible(page);

  // Finance credits 10.00; above 20000.00 (the e2e config) an adjustment waits for a second
  // staff member, whom the one who asked cannot be.
  const financeContext = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
  const financePage = await financeContext.newPage();
  await financePage.setViewportSize({ width: 1280, height: 900 });
  await signIn(financePage, finance);
  await financePage.goto(`/admin/#/players/${playerId}`);
  const amount = financePage.getByLabel(en('adjust_amount'));
  await amount.fill('10.00');
  await financePage.getByLabel(en('reason_label')).fill('Goodwill for the outage');
  await financePage.getByRole('button', { name: en('adjust_submit') }).click();
  await expect(financePage.getByTestId('balance-wallet')).toHaveText('10.00');
  await amount.fill('25000.00');
  await expect(financePage.getByTestId('adjust-four-eyes')).toContainText('20,000.00');
  await financePage.getByLabel(en('reason_label')).fill('Jackpot paid by hand');
  await pastButtonThrottle(financePage);
  await financePage.getByRole('button', { name: en('adjust_submit') }).click();
  const waiting = financePage.getByTestId('adjustments-waiting');
  await expect(waiting).toContainText('+25,000.00');
  await expect(financePage.getByTestId('balance-wallet')).toHaveText('10.00');
  await waiting.getByRole('button', { name: /^Approve adjustment/ }).click();
  await expect(financePage.getByRole('alert')).toHaveText(en('refused_second_approver_needed'));
  await expect(financePage.getByTestId('balance-wallet')).toHaveText('10.00');
  await financeContext.close();

  // An admin sees the whole page (every action is his), and approves it.
  const chiefContext = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
  const chiefPage = await chiefContext.newPage();
  await chiefPage.setViewportSize({ width: 1280, height: 900 });
  await signIn(chiefPage, chief);
  await chiefPage.goto(`/admin/#/players/${playerId}`);
  await expect(chiefPage.getByTestId('adjustments-waiting')).toContainText('+25,000.00');
  await expect(chiefPage.getByRole('button', { name: en('role_add') })).toBeVisible();
  await expectAccessible(chiefPage);
  await screenshots(chiefPage, 'player');
  await chiefPage
    .getByTestId('adjustments-waiting')
    .getByRole('button', { name: /^Approve adjustment/ })
    .click();
  await expect(chiefPage.getByTestId('balance-wallet')).toHaveText('25,010.00');
  await chiefContext.close();

  // Every action is in the audit log under the staff member's name.
  const audit = JSON.parse(admin('audit', '--target', `user:${playerId}`, '--json')) as {
    action: string;
    actor: string;
  }[];
  expect(audit).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: 'user.freeze', actor: support.name }),
      expect.objectContaining({ action: 'user.reset-password', actor: support.name }),
    ]),
  );
});

test('an admin adds a staff member on the staff page, who confirms, signs in and is disabled', async ({
  page,
  browser,
}) => {
  const chief = enrolledStaff('admin');
  const name = randomLoginName();
  admin('user', 'create', '--phone', randomPhone(), '--username', name, '--password', 'secret_123');
  const memberRow = page.getByRole('row', { name: new RegExp(`^${name} `) });

  await signIn(page, chief);
  await page.getByRole('link', { name: en('nav_staff') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('staff_title') })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^${chief.name} `) })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'staff');

  // The new member: a player account, role support, his passphrase typed twice.
  const form = page.getByRole('form', { name: en('staff_new_title') });
  await form.getByLabel(en('staff_account'), { exact: true }).fill(name);
  await form.getByLabel(en('staff_role_label'), { exact: true }).selectOption('support');
  await form.getByLabel(en('staff_passphrase'), { exact: true }).fill(PASSPHRASE);
  await form.getByLabel(en('staff_passphrase_repeat'), { exact: true }).fill(PASSPHRASE);
  await form.getByRole('button', { name: en('staff_new_submit') }).click();

  // The enrolment, shown once: the QR code, the secret as text, ten recovery codes.
  const panel = page.getByTestId('enrolment');
  await expect(panel.getByRole('img', { name: /^QR code/ })).toBeVisible();
  await expect(panel.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const shown = (await panel.getByTestId('enrolment-secret').textContent()) ?? '';
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expect(memberRow).toContainText(en('staff_not_enrolled'));
  await expectAccessible(page);
  await page.screenshot({
    path: resolve(SCREENSHOTS, 'console-staff-enrolment-1280.png'),
    fullPage: true,
  });

  // His first code, as his authenticator app would show it.
  const member: Staff = { name, secret: base32Decode(shown.replaceAll(' ', '')), lastStep: 0 };
  member.lastStep = stepNow();
  await panel
    .getByLabel(en('enrolment_first_code'), { exact: true })
    .fill(totp(member.secret, member.lastStep));
  await panel.getByRole('button', { name: en('enrolment_confirm'), exact: true }).click();
  await expect(panel.getByRole('status')).toContainText(`${name} is enrolled`);
  await expect(memberRow.getByText(en('staff_enrolled'), { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: en('enrolment_hide') }).click();
  await expect(panel).toHaveCount(0);

  // He signs in with his passphrase and a later code, and sees the deposit queue.
  const memberContext = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await expect(
    memberPage.getByRole('heading', { level: 1, name: en('queue_title') }),
  ).toBeVisible();
  await expect(memberPage.getByTestId('staff-name')).toHaveText(name);
  await memberContext.close();

  // Disabled with a reason: the table says so, and why.
  await memberRow.getByRole('button', { name: `Disable ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en('reason_label')).fill('moved to another hall');
  await dialog.getByRole('button', { name: en('staff_disable'), exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`${name} is disabled`);
  await expect(memberRow.getByTestId('staff-disabled')).toContainText('moved to another hall');
  await expect(memberRow.getByRole('button', { name: `Disable ${name}` })).toHaveCount(0);
  const listed = admin('staff', 'list');
  expect(listed).toContain(name);
});
