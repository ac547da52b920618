// Player protection against the real binary (issue 19): a deposit limit set on the responsible-
// play page refuses a deposit above it; a 24-hour time-out, confirmed with the password, closes
// betting and the game pages but leaves the withdrawal open. axe checks the page with its
// confirmation dialog open, and a 390 px screenshot is kept for a reviewer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  axeViolations,
  bettablePeriod,
  creditWallet,
  locale,
  logInViaUi,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
  tinyPng,
  tokenOf,
} from './support';

const vi = locale('vi');
const SCREENSHOTS = resolve(
  process.env.FAIRHALL_TEST_LOG_DIR ?? resolve(import.meta.dirname, '../../target/test-logs'),
  'screenshots',
);

type Envelope<T> = { code: number; msg: string; err?: string; data: T };

// axe-core is injected as a script, which the app's CSP would block (tests only).
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

async function post<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: object,
  key?: string,
): Promise<Envelope<T>> {
  const response = await request.post(path, {
    headers: { token, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    data,
  });
  return (await response.json()) as Envelope<T>;
}

async function ok<T>(reply: Promise<Envelope<T>>): Promise<T> {
  const body = await reply;
  expect(body, body.msg).toMatchObject({ code: 1 });
  return body.data;
}

/** From the mine page, one tap to the responsible-play page, its limits loaded. */
async function openProtection(page: Page): Promise<void> {
  await page.goto('./#/pages/mine/index');
  await page.getByRole('link', { name: vi.protection_title, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/mine\/protection$/);
  await expect(page.getByTestId('deposit-day')).toBeVisible();
}

test('a deposit limit refuses a deposit above what is left of it', async ({ page }, testInfo) => {
  const phone = randomPhone();
  await registerViaApi(page.request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  // The deposit page offers a limit to a player who has none.
  await page.goto('./#/pages/mine/savings-account/index');
  await expect(page.getByTestId('limit-offer')).toBeVisible();
  await page.getByRole('link', { name: vi.limit_offer_set, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/mine\/protection$/);

  await openProtection(page);
  const day = page.getByTestId('deposit-day');
  const period = vi.protection_period_day!;
  await day.getByLabel(vi.protection_field_deposit!.replace('{period}', period)).fill('100');
  await day.getByRole('button', { name: vi.protection_save_limit, exact: true }).click();
  await expect(page.getByText(vi.protection_limit_saved!, { exact: true })).toBeVisible();
  await expect(day.getByText('100.00').first()).toBeVisible();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOTS, 'protection-limits.png'), fullPage: true });

  // 150 is above the 100 left today: refused, saying which limit.
  await page.goto('./#/pages/mine/savings-account/index');
  await expect(page.getByTestId('limit-offer')).toHaveCount(0);
  const voucher = testInfo.outputPath('voucher.png');
  writeFileSync(voucher, tinyPng());
  await page.getByLabel(vi.voucher_label!, { exact: true }).setInputFiles(voucher);
  await page.getByLabel(new RegExp(`^${vi.field_amount}`)).fill('150');
  const refused = page.waitForResponse((response) =>
    response.url().includes('/api/personal/recharge'),
  );
  await page.getByRole('button', { name: vi.deposit_submit, exact: true }).click();
  const body = (await (await refused).json()) as Envelope<null>;
  expect(body).toMatchObject({ code: 0, err: 'deposit_limit_reached' });
  await expect(page.getByText(body.msg, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: vi.deposit_done_title })).toHaveCount(0);

  // 80 fits; it counts at once (pending), and the page shows what is left.
  await pastButtonThrottle(page);
  await page.getByLabel(new RegExp(`^${vi.field_amount}`)).fill('80');
  await page.getByRole('button', { name: vi.deposit_submit, exact: true }).click();
  await expect(page.getByRole('heading', { name: vi.deposit_done_title })).toBeVisible();
  await openProtection(page);
  const rows = page.getByTestId('deposit-day');
  await expect(rows.locator('dd').nth(1)).toHaveText('80.00');
  await expect(rows.locator('dd').nth(2)).toHaveText('20.00');
});

test('a 24-hour time-out refuses bets and closes the games, but a withdrawal goes through', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const phone = randomPhone();
  await registerViaApi(page.request, phone, 'secret12');
  creditWallet(phone, '200');
  await logInViaUi(page, phone, 'secret12', vi);
  const token = await tokenOf(page);
  const request = page.request;
  await ok(
    post(request, 'api/personal/add_bank', token, {
      bank_id: 'VCB',
      holder: 'Nguyen Van An',
      card_no: '6222021234567890',
      ifsc: '',
      bank_address: '',
      phone: '',
      remark: '',
    }),
  );
  await ok(
    post(request, 'api/personal/securitypassword', token, {
      password: '246810',
      repassword: '246810',
    }),
  );
  await ok(
    post(
      request,
      'api/personal/conversion',
      token,
      { from: 'balance', amount: '50' },
      `c-${phone}`,
    ),
  );

  // Take the time-out: the dialog asks for the password and says it cannot be undone early.
  await openProtection(page);
  const lengths = page.getByRole('radiogroup', { name: vi.protection_timeout_length });
  await lengths.getByRole('radio', { name: vi.protection_duration_24h, exact: true }).click();
  await page.getByTestId('timeout-start').click();
  const dialog = page.getByTestId('exclude-dialog');
  await expect(dialog).toContainText(vi.protection_confirm_text!);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel(vi.protection_confirm_password!, { exact: true }).fill('wrong-pass');
  await dialog.getByRole('button', { name: vi.protection_timeout_button, exact: true }).click();
  await expect(dialog.getByRole('alert').last()).toBeVisible();
  await expect(page.getByTestId('protection-exclusion')).toHaveCount(0);
  await dialog.getByLabel(vi.protection_confirm_password!, { exact: true }).fill('secret12');
  await pastButtonThrottle(page);
  await dialog.getByRole('button', { name: vi.protection_timeout_button, exact: true }).click();
  await expect(page.getByText(vi.protection_timeout_started!, { exact: true })).toBeVisible();
  await expect(page.getByTestId('protection-exclusion')).toContainText(
    vi.protection_exclusion_timeout_title!,
  );
  await expect(page.getByTestId('exclusion-banner')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: resolve(SCREENSHOTS, 'protection-timeout.png'), fullPage: true });

  // The games are closed: the app leads to the protection page, and the server refuses a bet.
  await page.goto('./#/pages/cc/k3/index');
  await expect(page).toHaveURL(/#\/pages\/mine\/protection\?blocked=1$/);
  await expect(page.getByTestId('protection-blocked')).toBeVisible();
  const open = await bettablePeriod(request, 'k3', 3);
  const bet = await post(
    request,
    'api/rooms/betting',
    token,
    { room: 'k3', issue: open.issue, bets: [{ option: 'big', amount: '10' }] },
    `bet-${phone}`,
  );
  expect(bet).toMatchObject({ code: 0, err: 'player_excluded' });

  // The withdrawal stays open.
  await page.goto('./#/pages/yn28/info/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('150.00');
  await page.getByLabel(vi.field_withdraw_amount!, { exact: true }).fill('20');
  await page.getByLabel(vi.field_fund_password!, { exact: true }).fill('246810');
  await page.getByRole('button', { name: vi.withdraw_submit, exact: true }).click();
  const confirmWithdraw = page.getByRole('alertdialog');
  await confirmWithdraw.getByRole('button', { name: vi.withdraw_submit, exact: true }).click();
  await expect(
    page.getByRole('heading', { name: vi.withdraw_done_title, exact: true }),
  ).toBeVisible();
});
