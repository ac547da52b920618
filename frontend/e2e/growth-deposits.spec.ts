// The deposit programmes as a player meets them, with the operator's approval through the CLI:
// the first-deposit page shows the tiers before he deposits, the approval pays the bonus and the
// cashback in the same step, and the pages (first deposit, cashback, VIP) show what he got.
// The e2e config's programmes start at 1000.00 (10 % up to 300.00, and 1 % up to 50.00).
import { expect, test } from '@playwright/test';
import {
  admin,
  apiData,
  locale,
  logInViaUi,
  randomPhone,
  registerViaApi,
  requestDeposit,
  tokenOf,
} from './support';

const vi = locale('vi');

test('the first deposit pays its bonus and cashback on approval and the pages show them', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);
  const token = await tokenOf(page);

  // Before depositing: the tiers, and the player is eligible.
  await page.goto('./#/pages/first-storage/index');
  const rules = page.getByTestId('first-deposit-rules');
  await expect(rules).toContainText(vi.bonus_first_eligible_title!);
  await expect(rules.getByRole('row').nth(1)).toContainText('1,000.00');
  await expect(page.getByRole('button', { name: vi.deposit_submit, exact: true })).toBeVisible();

  const id = await requestDeposit(request, token, '1000');
  const approved = admin('deposit', 'approve', id);
  expect(approved).toContain('paid first_deposit 100.00 (1000 bp)');
  expect(approved).toContain('paid cashback 10.00 (100 bp)');

  await page.reload();
  await expect(rules).toContainText(vi.bonus_first_paid_title!);
  await expect(rules).toContainText('100.00');

  await page.goto('./#/pages/return-cash/index');
  await expect(page.getByTestId('cashback-today')).toHaveText('10.00');
  await expect(page.getByTestId('cashback-record').first()).toContainText('+10.00');

  await page.goto('./#/pages/vip/index');
  await expect(page.getByTestId('vip-current')).toHaveText('VIP 0');
  await expect(page.getByTestId('vip-deposit-needed')).toContainText('0.00');
  await expect(page.getByTestId('vip-betting-needed')).toContainText('3,000.00');

  const profile = await apiData<{ balance: string }>(request, 'api/personal/index', {}, token);
  expect(profile.balance).toBe('1110.00');
  expect(admin('verify')).toContain('ledger verified');
});
