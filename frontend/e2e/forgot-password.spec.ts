// Forgot password: the SMS code comes from `fairhall admin codes` (log delivery).
import { expect, test } from '@playwright/test';
import { codeFor, locale, randomPhone, registerViaApi } from './support';

const vi = locale('vi');

test('reset the password with a verification code, then log in with the new one', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'oldpass1');

  await page.goto('./#/pages/login/index');
  await page.getByRole('link', { name: vi.link_forgot, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/forget$/);

  await page.getByLabel(vi.field_phone!, { exact: true }).fill(phone);
  await page.getByRole('button', { name: vi.send_code, exact: true }).click();
  // The button counts down before another code may be requested.
  await expect(page.getByRole('button', { name: /\d+/ })).toBeDisabled();

  const code = await codeFor(phone, 'forget');
  await page.getByLabel(vi.field_code!, { exact: true }).fill(code);
  await page.getByLabel(vi.field_new_password!, { exact: true }).fill('newpass2');
  await page.getByLabel(vi.field_confirm_password!, { exact: true }).fill('newpass2');
  await page.getByRole('button', { name: vi.forget_submit, exact: true }).click();

  // Back on the login page with the phone filled in.
  await expect(page).toHaveURL(/#\/pages\/login\/index$/);
  await expect(page.getByLabel(vi.field_account!, { exact: true })).toHaveValue(phone);

  const oldLogin = await request.post('api/login/post', {
    data: { account: phone, password: 'oldpass1' },
  });
  expect(((await oldLogin.json()) as { code: number }).code).toBe(0);

  await page.getByLabel(vi.field_password!, { exact: true }).fill('newpass2');
  await page.getByRole('button', { name: vi.login_submit, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/home\/index$/);
  await expect(page.getByTestId('balance')).toHaveText('0.00');
});
