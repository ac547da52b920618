// Yu E Bao as a player meets it: from the home page into savings, the balance and the log,
// then part of it back to the wallet. (A day of interest needs the server's clock to move,
// which a release binary cannot do: e2e/clock/yuebao.spec.ts runs it on the test-clock server.)
import { expect, test } from '@playwright/test';
import {
  creditWallet,
  locale,
  logInViaUi,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
} from './support';

const vi = locale('vi');

test('move money into savings, see it, and move some out', async ({ page, request }) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  creditWallet(phone, '100');
  await logInViaUi(page, phone, 'secret12', vi);

  await page.getByRole('link', { name: vi.yuebao_title }).first().click();
  await expect(page).toHaveURL(/#\/pages\/lc\/yuebao$/);
  await expect(page.getByTestId('savings-balance')).toHaveText('0.00');
  await expect(page.getByText('3.65 %', { exact: true })).toBeVisible();

  const amount = page.getByLabel(vi.field_amount!, { exact: true });
  await amount.fill('5');
  await page.getByRole('button', { name: vi.yuebao_in, exact: true }).click();
  await expect(page.getByText(vi.v_amount_min!.replace('{min}', '10.00'))).toBeVisible();
  await amount.fill('60');
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.yuebao_in, exact: true }).click();
  await expect(page.getByText(vi.yuebao_in_done!, { exact: true })).toBeVisible();
  await expect(page.getByTestId('savings-balance')).toHaveText('60.00');

  await page.getByRole('radio', { name: vi.yuebao_out, exact: true }).click();
  await amount.fill('25.50');
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.yuebao_out, exact: true }).click();
  await expect(page.getByText(vi.yuebao_out_done!, { exact: true })).toBeVisible();
  await expect(page.getByTestId('savings-balance')).toHaveText('34.50');
  await expect(page.getByTestId('savings-available')).toContainText('34.50');

  await page.getByRole('link', { name: vi.yuebaolog_title }).click();
  await expect(page.getByTestId('savings-record')).toHaveCount(2);
  await expect(page.getByTestId('savings-record').first()).toContainText('-25.50');
  await page.goto('./#/pages/home/index');
  await expect(page.getByTestId('balance')).toHaveText('65.50');
});
