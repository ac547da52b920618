// The deposit programmes as a player meets them, with the operator's approval through the CLI:
// the first-deposit page shows the tiers before he deposits, the approval grants the bonus and
// the cashback in the same step (into the reserve: released to his balance by play), and the
// pages (first deposit, cashback, VIP, the account and the withdrawal) show what he got and
// what still waits for play. The e2e config's programmes start at 1000.00 (10 % up to 300.00,
// and 1 % up to 50.00).
import { expect, test } from '@playwright/test';
import {
  admin,
  apiData,
  axeViolations,
  locale,
  logInViaUi,
  randomPhone,
  registerViaApi,
  requestDeposit,
  tokenOf,
} from './support';

const vi = locale('vi');

test('the first deposit grants its bonus and cashback on approval and the pages show them', async ({
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
  const released = 'released to the wallet by play';
  expect(approved).toContain(`granted first_deposit 100.00 (1000 bp), ${released}`);
  expect(approved).toContain(`granted cashback 10.00 (100 bp), ${released}`);

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

  // His own money in the balance, the 110.00 of bonuses apart until his bets release them.
  const profile = await apiData<{ balance: string }>(request, 'api/personal/index', {}, token);
  expect(profile.balance).toBe('1000.00');
  for (const path of ['pages/mine/account/index', 'pages/yn28/info/withdraw']) {
    await page.goto(`./#/${path}`);
    const card = page.getByTestId('bonus-pending');
    await expect(card.getByTestId('bonus-pending-amount')).toHaveText('110.00');
    await expect(
      card.getByRole('progressbar', { name: vi.bonus_pending_progress }),
    ).toHaveAttribute('aria-valuenow', '0');
    await expect(card.getByTestId('bonus-stake-at-most')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./#/pages/mine/account/index');
  await expect(page.getByTestId('bonus-pending')).toBeVisible();
  await page.screenshot({ path: 'test-results/bonus-pending-390.png', fullPage: true });
  expect(admin('verify')).toContain('ledger verified');
});
