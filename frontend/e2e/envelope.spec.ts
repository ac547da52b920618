// A red envelope as the operator and a player meet it: the operator creates one with the CLI
// (which prints its code once), the player types the code on pages/cc/hong, opens it, sees the
// amount, finds it in the record and in the detail with the claims, and the balance went up.
import { expect, test } from '@playwright/test';
import {
  admin,
  approvedDeposit,
  creditWallet,
  locale,
  logInViaUi,
  otherPlayersPhone,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
  tokenOf,
} from './support';

const vi = locale('vi');

test('claim an envelope by its code and see it in the record', async ({ page, request }) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  creditWallet(phone, '10');
  const printed = admin('envelope', 'create', '--amount', '30', '--count', '3', '--mode', 'fixed');
  const code = /^code: (\w+)$/m.exec(printed)?.[1];
  expect(code, `the code in:\n${printed}`).toBeDefined();
  await logInViaUi(page, phone, 'secret12', vi);
  await expect(page.getByTestId('balance')).toHaveText('10.00');
  // An envelope opens to players with a passed deposit (growth.envelope.recharge_min).
  await approvedDeposit(request, await tokenOf(page), '10');
  await page.reload();
  await expect(page.getByTestId('balance')).toHaveText('20.00');

  await page.goto('./#/pages/cc/hong');
  await expect(page.getByRole('heading', { level: 1, name: vi.envelope_title })).toBeVisible();
  await expect(page.getByText(vi.envelope_records_empty_title!, { exact: true })).toBeVisible();
  const field = page.getByLabel(vi.envelope_code!, { exact: true });
  await field.fill('ZZZZ9999');
  await page.getByRole('button', { name: vi.envelope_claim, exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Mã lì xì không hợp lệ');
  await field.fill(code!.toLowerCase());
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.envelope_claim, exact: true }).click();

  await expect(page.getByTestId('envelope-amount')).toHaveText('+10.00');
  await expect(page.getByTestId('envelope-result')).toContainText('30.00');
  const record = page.getByTestId('envelope-record');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText('+10.00');

  await record.getByRole('link').click();
  await expect(page).toHaveURL(/#\/pages\/cc\/hong\?id=\d+$/);
  await expect(page.getByTestId('envelope-claimed-count')).toHaveText(/1\/3/);
  const claim = page.getByTestId('envelope-claim');
  await expect(claim).toHaveCount(1);
  await expect(claim).toContainText(otherPlayersPhone(phone));

  await page.goto('./#/pages/home/index');
  await expect(page.getByTestId('balance')).toHaveText('30.00');
});
