// Accounts as a player meets them: register, log in, switch language, log out, the guard.
import { expect, test } from '@playwright/test';
import {
  locale,
  logInViaUi,
  maskPhone,
  pastButtonThrottle,
  randomLoginName,
  randomPhone,
  registerViaApi,
  confirmLegalAge,
  declineLimitOffer,
} from './support';

const vi = locale('vi');
const en = locale('en');

test('register a new account and land on home with a zero balance', async ({ page }) => {
  const phone = randomPhone();
  const name = randomLoginName();
  await page.goto('./#/pages/login/reg');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

  await page.getByLabel(vi.field_phone!, { exact: true }).fill(phone);
  await page.getByLabel(new RegExp(`^${vi.field_login_name}`)).fill(name);
  await page.getByLabel(vi.field_password!, { exact: true }).fill('secret12');
  await page.getByLabel(vi.field_confirm_password!, { exact: true }).fill('secret12');
  await page.getByRole('checkbox', { name: vi.agreement_accept }).check();
  await confirmLegalAge(page);
  await page.getByRole('button', { name: vi.reg_submit, exact: true }).click();
  await declineLimitOffer(page);

  await expect(page).toHaveURL(/#\/pages\/home\/index$/);
  await expect(page.getByText(vi.reg_success!, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: vi.greeting!.replace('{name}', name) }),
  ).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('0.00');
  await expect(page.getByTestId('game-balance')).toHaveText('0.00');
  await expect(page.getByRole('navigation').getByRole('link')).toHaveText([
    vi.tab_home!,
    vi.tab_trend!,
    vi.tab_usdtrate!,
    vi.tab_customer!,
    vi.tab_mine!,
  ]);
});

test('registration is checked in the browser before anything is sent', async ({ page }) => {
  let registerCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('api/login/do_register')) registerCalls += 1;
  });
  await page.goto('./#/pages/login/reg?invite=FRIEND42');
  await expect(page.getByLabel(new RegExp(`^${vi.field_invite}`))).toHaveValue('FRIEND42');
  await page.getByLabel(vi.field_phone!, { exact: true }).fill('2345');
  await page.getByLabel(vi.field_password!, { exact: true }).fill('secret12');
  await page.getByLabel(vi.field_confirm_password!, { exact: true }).fill('secret13');
  await page.getByRole('button', { name: vi.reg_submit, exact: true }).click();
  await expect(page.getByText(vi.v_phone!, { exact: true })).toBeVisible();
  await expect(page.getByText(vi.v_password_mismatch!, { exact: true })).toBeVisible();
  expect(registerCalls).toBe(0);
});

test('log in with the phone number; a wrong password shows the server message', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');

  await page.goto('./#/pages/login/index');
  await page.getByLabel(vi.field_account!, { exact: true }).fill(phone);
  await page.getByLabel(vi.field_password!, { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: vi.login_submit, exact: true }).click();
  await expect(page.getByRole('status')).not.toBeEmpty();
  await expect(page).toHaveURL(/#\/pages\/login\/index$/);

  await pastButtonThrottle(page);
  await page.getByLabel(vi.field_password!, { exact: true }).fill('secret12');
  await page.getByRole('button', { name: vi.login_submit, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/home\/index$/);
  await expect(
    page.getByRole('heading', { name: vi.greeting!.replace('{name}', maskPhone(phone)) }),
  ).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('0.00');
});

test('switch the language and see the texts change', async ({ page, request }) => {
  const phone = randomPhone();
  const name = randomLoginName();
  await registerViaApi(request, phone, 'secret12', name);
  await logInViaUi(page, name, 'secret12', vi);
  await expect(page.getByRole('heading', { name: `Xin chào, ${name}` })).toBeVisible();

  await page.getByRole('link', { name: `VI ${vi.entry_language}`, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/lang$/);
  await expect(page.getByRole('radio')).toHaveCount(14);
  await expect(page.getByRole('radio', { name: /Tiếng Việt/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('radio', { name: /English/ }).click();

  await expect(page).toHaveURL(/#\/pages\/home\/index$/);
  await expect(page.getByRole('heading', { name: `Hello, ${name}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation').getByRole('link')).toHaveText([
    en.tab_home!,
    en.tab_trend!,
    en.tab_usdtrate!,
    en.tab_customer!,
    en.tab_mine!,
  ]);

  // The choice is stored: it survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Hello, ${name}` })).toBeVisible();
});

test('log out from the mine page; guarded pages then lead to login', async ({ page, request }) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  await page.getByRole('navigation').getByRole('link', { name: vi.tab_mine, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/mine\/index$/);
  await expect(page.getByTestId('mine-name')).toHaveText(maskPhone(phone));
  await expect(page.getByTestId('mine-balance')).toHaveText('0.00');
  await expect(page.getByTestId('invite-code')).not.toBeEmpty();

  await page.getByRole('button', { name: vi.logout, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(vi.logout_confirm!);
  await dialog.getByRole('button', { name: vi.logout, exact: true }).click();

  await expect(page).toHaveURL(/#\/pages\/login\/index$/);
  expect(await page.evaluate(() => window.localStorage.getItem('fairhall.token'))).toBeNull();

  await page.goto('./#/pages/mine/index');
  await expect(page).toHaveURL(/#\/pages\/login\/index$/);
  await expect(page.getByRole('button', { name: vi.login_submit, exact: true })).toBeVisible();
});

test('a logged-out visitor opening a guarded page is sent to login', async ({ page }) => {
  for (const path of ['#/pages/yn28/trend', '#/pages/home/index', '#/']) {
    await page.goto(`./${path}`);
    await expect(page).toHaveURL(/#\/pages\/login\/index$/);
    await expect(page.getByRole('heading', { name: vi.login_title, exact: true })).toBeVisible();
  }
});

test('trend shows the regions and their counts, mining shows the wallet currency, and support lists no contact', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);
  const tabs = page.getByRole('navigation');

  await tabs.getByRole('link', { name: vi.tab_trend, exact: true }).click();
  await expect(page.getByRole('heading', { name: vi.trend_title, exact: true })).toBeVisible();
  await expect(page.getByTestId('region-canada')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('trend-counts')).toBeVisible();
  await tabs.getByRole('link', { name: vi.tab_usdtrate, exact: true }).click();
  await expect(page.getByTestId('wallet-currency')).toHaveText('USDT');
  await tabs.getByRole('link', { name: vi.tab_customer, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/yn28\/customer$/);
  // The default config has neither support_url nor telegram_url.
  await expect(
    page.getByRole('heading', { name: vi.contact_none_title, exact: true }),
  ).toBeVisible();
  await expect(tabs.getByRole('link', { name: vi.tab_customer, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a session ended on the server logs out at once, without asking', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  const token = await page.evaluate(() => window.localStorage.getItem('fairhall.token'));
  expect(token).not.toBeNull();
  const revoked = await request.post('api/login/logout', {
    headers: { token: token ?? '' },
    data: {},
  });
  expect(revoked.ok()).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/#\/pages\/login\/index$/);
  expect(await page.evaluate(() => window.localStorage.getItem('fairhall.token'))).toBeNull();
  // Past every request the reload made: no "stay or log in again" question came up.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a session the server does not know asks whether to log in again', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  // A token the server never issued (as after the database was restored from a backup).
  await page.evaluate(() => window.localStorage.setItem('fairhall.token', 'f'.repeat(64)));
  await page.reload();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(vi.session_expired!);
  await dialog.getByRole('button', { name: vi.session_relogin, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/index$/);
  expect(await page.evaluate(() => window.localStorage.getItem('fairhall.token'))).toBeNull();
});
