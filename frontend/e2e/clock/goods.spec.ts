// Goods investment as a player meets it, on the clock server (e2e/clock/): the operator adds
// a product with 12-hour cycles; a player finds it from home, sees its progress and the payout
// schedule of the amount typed, buys it with the fund password, sees the order with its
// schedule; 12 hours later the first instalment is in "Project Benefits" and the balance.
// (advanceClock returns quickly after jumps of more than 8 hours: see e2e/support.ts.)
import { expect, test } from '@playwright/test';
import {
  axeViolations,
  advanceClock,
  apiData,
  createProduct,
  creditWallet,
  locale,
  logInViaUi,
  randomPhone,
  registerViaApi,
  serverNow,
  tokenOf,
} from '../support';

const vi = locale('vi');

type ProductCard = { id: number; name: string };

// axe-core is injected as a script, which the app's CSP would block (tests only).
test.use({ bypassCSP: true });

test('buy a product, see the order and its schedule, and get paid a cycle later', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // 2 cycles of 12 hours, 1 % each (12 % / 12), on 100.00 units; 1,000.00 of 10,000.00
  // reserved.
  const name = `Cam ${randomPhone().slice(-6)}`;
  const now = await serverNow(request);
  createProduct(name, now, ['--cycle-unit', 'hour', '--cycle-length', '12', '--cycles', '2']);

  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  creditWallet(phone, '1000');
  await logInViaUi(page, phone, 'secret12', vi);
  const token = await tokenOf(page);
  const fund = await request.post('api/personal/securitypassword', {
    headers: { token },
    data: { password: '246810', repassword: '246810' },
  });
  expect((await fund.json()) as { code: number }).toMatchObject({ code: 1 });

  await page.getByRole('link', { name: vi.goods_title }).first().click();
  await expect(page).toHaveURL(/#\/pages\/lc\/goodlist/);
  const card = page.getByTestId('goods-product').filter({ hasText: name });
  await expect(card.getByTestId('progress-reserved')).toContainText('10.00 %');
  await card.getByText(name).click();
  await expect(page).toHaveURL(/#\/pages\/lc\/gooddetail\?id=\d+/);

  await page.getByLabel(vi.goods_amount!, { exact: true }).fill('300');
  const rows = page.getByTestId('schedule-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('3.00');
  await expect(rows.nth(1)).toContainText('303.00');
  await expect(page.getByTestId('schedule-totals')).toContainText('306.00');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByTestId('goods-buy').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(vi.field_fund_password!, { exact: true }).fill('246810');
  await dialog.getByRole('button', { name: vi.goods_buy, exact: true }).click();
  await expect(page.getByText(vi.goods_buy_done_title!, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: vi.goods_view_order, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/lc\/goodorder\?id=\d+/);
  await expect(page.getByTestId('schedule-row')).toHaveCount(2);
  await expect(page.getByTestId('schedule-row').first()).toContainText(vi.goods_due!);

  const { products } = await apiData<{ products: (ProductCard & { purchased: string })[] }>(
    request,
    'api/goods/index',
    {},
    token,
  );
  expect(products.find((product) => product.name === name)?.purchased).toBe('300.00');
  await page.goto('./#/pages/home/index');
  await expect(page.getByTestId('balance')).toHaveText('700.00');

  await advanceClock(request, 12 * 3600 + 30);

  await page.goto('./#/pages/lc/goodlog');
  const benefit = page.getByTestId('goods-benefit');
  await expect(benefit).toHaveCount(1);
  await expect(benefit.first()).toContainText(name);
  await expect(benefit.first()).toContainText('3.00');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('./#/pages/home/index');
  await expect(page.getByTestId('balance')).toHaveText('703.00');
});
