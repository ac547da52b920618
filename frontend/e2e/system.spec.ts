// The system slice end to end: a guest chooses a location, reads the shipped Privacy Policy,
// registers with its dialling code and phone pattern after accepting the agreements, and finds its currency preselected on the deposit
// page; pages/framebox shows an address of the operator's allow-list (e2e config: frame_allow)
// and refuses any other, with the CSP frame-src following the same list.
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  confirmLegalAge,
  declineLimitOffer,
  locale,
  logInViaUi,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
} from './support';

const vi = locale('vi');

/** A Vietnamese mobile number: the default VN pattern ^0?[35789]\d{8}$. */
const vietnamesePhone = (): string => `09${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

test('a chosen location sets registration and the deposit currency', async ({ page }) => {
  await page.goto('./#/pages/system/choose-location');
  await page.getByRole('link', { name: /Việt Nam/ }).click();
  await expect(
    page.getByRole('img', { name: vi.location_flag_alt!.replace('{name}', 'Việt Nam') }),
  ).toBeVisible();
  await page.getByRole('button', { name: vi.location_use, exact: true }).click();

  await expect(page).toHaveURL(/#\/pages\/login\/reg$/);
  await expect(page.getByRole('link', { name: /Việt Nam \(\+84\)/ })).toBeVisible();
  await expect(
    page.getByRole('link', { name: vi.agreement_privacy_policy, exact: true }),
  ).toHaveAttribute('href', '#/pages/jogos/about-us?page=privacy-policy');
  await expect(
    page.getByRole('link', { name: vi.agreement_user_agreement, exact: true }),
  ).toHaveAttribute('href', '#/pages/jogos/about-us?page=user-agreement');
  // A fresh hall: nobody wrote these pages, the shipped templates are there in the language.
  await page.getByRole('link', { name: vi.agreement_privacy_policy, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Chính sách bảo mật', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chúng tôi là ai' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/login\/reg$/);

  const phoneField = page.getByRole('textbox', { name: new RegExp(`^${vi.field_phone}`) });
  // The default pattern (11 digits starting with 1) is not Vietnam's.
  await phoneField.fill(randomPhone());
  await page.getByLabel(vi.field_password!, { exact: true }).fill('secret12');
  await page.getByLabel(vi.field_confirm_password!, { exact: true }).fill('secret12');
  await page.getByRole('button', { name: vi.reg_submit, exact: true }).click();
  await expect(page.getByText(vi.v_phone!, { exact: true })).toBeVisible();
  await expect(page.getByText(vi.agreement_required!, { exact: true })).toBeVisible();

  await phoneField.fill(vietnamesePhone());
  await page.getByRole('checkbox', { name: vi.agreement_accept }).check();
  await confirmLegalAge(page);
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.reg_submit, exact: true }).click();
  await declineLimitOffer(page);
  await expect(page).toHaveURL(/#\/pages\/home\/index$/);

  await page.goto('./#/pages/mine/savings-account/index');
  await expect(page.getByRole('radio', { name: /^VND 1 USDT/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('radio', { name: /^USDT 1 USDT/ })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('radio', { name: /^Việt Nam/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('framebox shows an allowed address and refuses any other', async ({ page, request }) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  const response = await request.get('./');
  expect(response.headers()['content-security-policy']).toContain(
    'frame-src https://frames.example.test;',
  );

  const allowed = encodeURIComponent('https://frames.example.test/lobby');
  await page.goto(`./#/pages/framebox?url=${allowed}&title=Lobby`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lobby' })).toBeVisible();
  await expect(page.locator('iframe[title="Lobby"]')).toHaveAttribute(
    'src',
    'https://frames.example.test/lobby',
  );
  await expect(page.getByRole('button', { name: vi.back })).toBeVisible();

  const refused = encodeURIComponent('https://elsewhere.example.test/');
  await page.goto(`./#/pages/framebox?url=${refused}`);
  await expect(page.getByText(vi.framebox_refused_title!, { exact: true })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});
