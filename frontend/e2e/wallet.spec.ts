// The wallet as a player meets it, with the operator's review done through the CLI:
// deposit with a screenshot, approval, bank card, fund password, withdrawal, payout;
// conversion between the balances; the statement and its CSV; the USDT deposit route with
// its address and QR code.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  admin,
  locale,
  logInViaUi,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
  tinyPng,
} from './support';

const vi = locale('vi');
const USDT_ADDRESS = process.env.E2E_USDT_ADDRESS ?? '';
const BANK_NUMBER = process.env.E2E_BANK_NUMBER ?? '';

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('fairhall.token'));
  expect(token).not.toBeNull();
  return token ?? '';
}

async function userIdOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('api/personal/index', { headers: { token } });
  const body = (await response.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(1);
  return body.data.id;
}

/** A row of `admin deposit|withdraw list --all --json` (newest first). */
interface PendingRow {
  id: number;
  user_id: number;
  status: string;
}

/** The id of the newest row of `admin <what> list` that belongs to the user. */
function pendingId(what: 'deposit' | 'withdraw', userId: number): string {
  const rows = JSON.parse(admin(what, 'list', '--all', '--json')) as PendingRow[];
  const row = rows.find((listed) => listed.user_id === userId && listed.status === 'pending');
  expect(row, `a pending ${what} of user ${userId}`).toBeDefined();
  return String(row?.id ?? '');
}

/** A deposit through the API, approved by the operator: the player then has `amount`. */
async function fundedPlayer(page: Page, request: APIRequestContext, amount: string): Promise<void> {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);
  const token = await tokenOf(page);
  const response = await request.post('api/personal/recharge', {
    headers: { token, 'Idempotency-Key': `e2e-${phone}` },
    multipart: {
      method: 'bank',
      amount,
      currency: 'USDT',
      voucher: { name: 'pay.png', mimeType: 'image/png', buffer: tinyPng() },
    },
  });
  expect(((await response.json()) as { code: number }).code).toBe(1);
  admin('deposit', 'approve', pendingId('deposit', await userIdOf(request, token)));
}

test('deposit with a screenshot, approval, bank card, fund password, withdrawal and payout', async ({
  page,
  request,
}, testInfo) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);
  const userId = await userIdOf(request, await tokenOf(page));

  // Deposit by bank transfer with a screenshot.
  await page.getByRole('link', { name: vi.deposit_title, exact: true }).first().click();
  await expect(page).toHaveURL(/#\/pages\/mine\/savings-account\/index/);
  await expect(page.getByRole('radio', { name: vi.method_bank })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByLabel(new RegExp(`^${vi.field_amount}`)).fill('100');
  await expect(page.getByTestId('pay-amount')).toHaveText('100.00 USDT');
  // The page says where to pay: the configured bank account, each detail with a copy button.
  await expect(page.getByTestId('bank-account-bank')).toHaveText('Vietcombank');
  await expect(page.getByTestId('bank-account-holder')).toHaveText('FAIRHALL LTD');
  await expect(page.getByTestId('bank-account-number')).toHaveText(BANK_NUMBER);
  await expect(
    page.getByRole('button', { name: vi.copy_field!.replace('{field}', vi.account_number!) }),
  ).toBeVisible();
  await page.getByRole('button', { name: vi.deposit_submit, exact: true }).click();
  await expect(page.getByText(vi.v_voucher_required!, { exact: true })).toBeVisible();
  const voucher = testInfo.outputPath('voucher.png');
  writeFileSync(voucher, tinyPng());
  await page.getByLabel(vi.voucher_label!, { exact: true }).setInputFiles(voucher);
  await expect(page.getByRole('img', { name: vi.image_preview })).toBeVisible();
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.deposit_submit, exact: true }).click();
  await expect(
    page.getByRole('heading', { name: vi.deposit_done_title, exact: true }),
  ).toBeVisible();
  await expect(page.getByText(vi.deposit_done_text!)).toBeVisible();
  await expect(page.getByTestId('paid-to')).toHaveText(
    `Vietcombank, District 1, FAIRHALL LTD, ${BANK_NUMBER}`,
  );

  await page.getByRole('link', { name: vi.view_recharge_records, exact: true }).click();
  await expect(page.getByTestId('recharge-record').first()).toContainText(vi.status_pending!);

  // The reviewer sees which account it was paid to, and approves it.
  const depositId = pendingId('deposit', userId);
  expect(admin('deposit', 'show', depositId)).toContain(
    `paid to: Vietcombank, District 1, FAIRHALL LTD, ${BANK_NUMBER}`,
  );
  admin('deposit', 'approve', depositId);
  await page.goto('./#/pages/mine/account/index');
  await expect(page.getByTestId('account-balance')).toHaveText('100.00');
  await expect(page.getByTestId('account-frozen')).toHaveText('0.00');

  // Withdrawing needs an account to withdraw to.
  await page.goto('./#/pages/yn28/info/withdraw');
  await expect(page.getByText(vi.withdraw_no_account!)).toBeVisible();
  await expect(page.getByTestId('turnover-block')).toHaveCount(0);

  // Link the bank card.
  await page.getByRole('link', { name: vi.bind_bank_card, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/yn28\/info\/addbank$/);
  await expect(page.getByText(vi.bank_card_once!)).toBeVisible();
  await page.getByLabel(vi.field_bank!, { exact: true }).selectOption('VCB');
  await page.getByLabel(vi.field_holder!, { exact: true }).fill('Nguyen Van An');
  await page.getByLabel(vi.field_card_no!, { exact: true }).fill('6222 0212 3456 7890');
  await page.getByRole('button', { name: vi.bind_submit, exact: true }).click();
  const bindDialog = page.getByRole('alertdialog');
  await expect(bindDialog).toContainText('7890');
  await bindDialog.getByRole('button', { name: vi.bind_submit, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/yn28\/info\/bankcardmanagement$/);
  await expect(page.getByTestId('bank-card-number')).toHaveText('**** **** **** 7890');

  // Set the fund password (the first time: no old one).
  await page.goto('./#/pages/mine/passwordsave');
  await expect(page.getByLabel(vi.field_old_fund_password!, { exact: true })).toHaveCount(0);
  await page.getByLabel(vi.field_new_fund_password!, { exact: true }).fill('246810');
  await page.getByLabel(vi.field_confirm_fund_password!, { exact: true }).fill('246810');
  await page.getByRole('button', { name: vi.save, exact: true }).click();
  await expect(page.getByText(vi.fund_password_set_done!, { exact: true })).toBeVisible();

  // Withdraw 20 to the card.
  await page.goto('./#/pages/yn28/info/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('100.00');
  await expect(page.getByRole('radio', { name: /7890/ })).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel(vi.field_withdraw_amount!, { exact: true }).fill('20');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('0.00');
  await expect(page.getByTestId('withdraw-total')).toHaveText('20.00');
  await page.getByLabel(vi.field_fund_password!, { exact: true }).fill('246810');
  await page.getByRole('button', { name: vi.withdraw_submit, exact: true }).click();
  const withdrawDialog = page.getByRole('alertdialog');
  await expect(withdrawDialog).toContainText('20.00');
  await withdrawDialog.getByRole('button', { name: vi.withdraw_submit, exact: true }).click();
  await expect(
    page.getByRole('heading', { name: vi.withdraw_done_title, exact: true }),
  ).toBeVisible();

  // The amount is frozen until the payout; the record is pending.
  await page.goto('./#/pages/mine/account/index');
  await expect(page.getByTestId('account-balance')).toHaveText('80.00');
  await expect(page.getByTestId('account-frozen')).toHaveText('20.00');
  await page.getByRole('link', { name: vi.withdraw_records_title, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/yn28\/info\/withdrawalsrecord$/);
  const record = page.getByTestId('withdraw-record').first();
  await expect(record).toContainText(vi.status_pending!);
  await expect(record).toContainText('VCB ****7890');
  await expect(record).toContainText('20.00');
  await expect(record.getByTestId('queue-wait')).toBeVisible();

  // The withdrawal page shows it waiting, and one fewer withdrawal left today.
  await page.goto('./#/pages/yn28/info/withdraw');
  await expect(page.getByTestId('withdraw-pending')).toContainText(vi.status_pending!);
  await expect(page.getByTestId('withdraw-pending')).toContainText('20.00');
  await expect(page.getByTestId('withdraw-left-today')).toHaveText(
    vi.count_left!.replace('{left}', '2').replace('{count}', '3'),
  );

  // The operator pays it out.
  admin('withdraw', 'approve', pendingId('withdraw', userId));
  await page.goto('./#/pages/yn28/info/withdrawalsrecord');
  await page.reload();
  await expect(page.getByTestId('withdraw-record').first()).toContainText(vi.status_passed!);
  await page.goto('./#/pages/mine/account/index');
  await expect(page.getByTestId('account-frozen')).toHaveText('0.00');
  await expect(page.getByTestId('account-balance')).toHaveText('80.00');

  // Every movement is in the account changes.
  await page.goto('./#/pages/mine/account/bill');
  await expect(page.getByTestId('change-record').first()).toContainText(vi.kind_withdraw_paid!);
  await expect(
    page.getByTestId('change-record').filter({ hasText: vi.kind_deposit! }),
  ).toContainText('+100.00');
});

test('convert to the game balance and back', async ({ page, request }) => {
  await fundedPlayer(page, request, '100');
  await page.goto('./#/pages/conversion/index');
  await expect(page.getByTestId('conversion-balance')).toHaveText('100.00');
  await expect(page.getByTestId('conversion-game-balance')).toHaveText('0.00');
  await expect(page.getByTestId('conversion-direction')).toHaveText(vi.conversion_to_game!);

  await page.getByLabel(vi.field_amount!, { exact: true }).fill('30');
  await page.getByRole('button', { name: vi.conversion_submit, exact: true }).click();
  await expect(page.getByText(vi.conversion_done!, { exact: true })).toBeVisible();
  await expect(page.getByTestId('conversion-balance')).toHaveText('70.00');
  await expect(page.getByTestId('conversion-game-balance')).toHaveText('30.00');

  await page.getByRole('button', { name: vi.conversion_switch, exact: true }).click();
  await expect(page.getByTestId('conversion-direction')).toHaveText(vi.conversion_to_wallet!);
  await page.getByRole('button', { name: vi.amount_all, exact: true }).click();
  await expect(page.getByLabel(vi.field_amount!, { exact: true })).toHaveValue('30.00');
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.conversion_submit, exact: true }).click();
  await expect(page.getByTestId('conversion-balance')).toHaveText('100.00');
  await expect(page.getByTestId('conversion-game-balance')).toHaveText('0.00');

  // The other screens show the same balances.
  await page.goto('./#/pages/home/index');
  await expect(page.getByTestId('balance')).toHaveText('100.00');
  await expect(page.getByTestId('game-balance')).toHaveText('0.00');
});

test('the statement shows the balances of this month and downloads them as CSV', async ({
  page,
  request,
}) => {
  await fundedPlayer(page, request, '100');
  const token = await tokenOf(page);
  const moved = await request.post('api/personal/conversion', {
    headers: { token },
    data: { from: 'balance', amount: '30' },
  });
  expect(((await moved.json()) as { code: number }).code).toBe(1);

  await page.goto('./#/pages/mine/account/index');
  await page.getByRole('link', { name: vi.statement_title, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/mine\/account\/statement$/);
  const wallet = page.getByTestId('statement-wallet');
  await expect(wallet).toContainText('0.00');
  await expect(wallet).toContainText('70.00');
  await expect(page.getByTestId('statement-game')).toContainText('30.00');

  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: vi.statement_download, exact: true }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('account,line,time,kind,reference,memo,in,out,balance');
  expect(lines.find((line) => line.startsWith('wallet,closing,'))).toMatch(/,70\.00$/);
  expect(lines.find((line) => line.startsWith('game,closing,'))).toMatch(/,30\.00$/);
});

test('the USDT deposit route shows the receiving address and its QR code', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  // Tab 2 shows the wallet currency, the rates and the address.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: vi.tab_usdtrate, exact: true })
    .click();
  await expect(page.getByTestId('wallet-currency')).toHaveText('USDT');
  await expect(page.getByTestId('rate-USDT')).toHaveText('1 USDT = 1 USDT');
  await expect(page.getByTestId('usdt-address')).toHaveText(USDT_ADDRESS);

  await page.getByRole('link', { name: vi.deposit_now, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/mine\/savings-account\/index\?method=usdt$/);
  await expect(page.getByRole('radio', { name: vi.method_usdt, exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('usdt-address')).toHaveText(USDT_ADDRESS);
  await expect(page.getByTestId('usdt-network')).toHaveText('TRC20');
  const qr = page.getByRole('img', { name: vi.usdt_qr_label });
  await expect(qr).toBeVisible();
  expect(await qr.locator('path').count()).toBeGreaterThan(0);
  await page.getByLabel(new RegExp(`^${vi.field_amount}`)).fill('25');
  await expect(page.getByTestId('pay-amount')).toHaveText('25.00 USDT');
  await expect(page.getByTestId('pay-rate')).toHaveText('1 USDT = 1 USDT');
  await expect(page.getByTestId('bank-account')).toHaveCount(0);

  // The bank route has no QR code.
  await page.getByRole('radio', { name: vi.method_bank }).click();
  await expect(page.getByTestId('usdt-qr')).toHaveCount(0);
  await expect(page.getByTestId('bank-account-number')).toHaveText(BANK_NUMBER);
  await expect(page.getByText(vi.deposit_bank_note!)).toBeVisible();
});
