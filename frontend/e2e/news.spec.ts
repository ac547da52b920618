// News as a player meets it, published and removed by the operator's CLI; the investment
// records reached from the account overview.
import { expect, test } from '@playwright/test';
import { admin, createdId, locale, logInViaUi, randomPhone, registerViaApi } from './support';

const vi = locale('vi');

/** The id of the article `admin news add` creates. */
function addNews(...args: string[]): string {
  return createdId(admin('news', 'add', ...args), 'article');
}

test('a player reads the news the operator publishes, and no longer sees a removed article', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Bảo trì ${stamp}`;
  const id = addNews(
    '--title',
    `vi=${title}`,
    '--body',
    'Hệ thống bảo trì lúc 02:00.\n\n<b>Không phải HTML</b>',
    '--pinned',
  );
  addNews('--title', `en=English only ${stamp}`, '--body', 'Not for Vietnamese readers.');
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  await page.getByRole('link', { name: new RegExp(vi.news_title!) }).click();
  await expect(page).toHaveURL(/#\/pages\/yn28\/news$/);
  const entry = page.getByTestId('news-item').filter({ hasText: title });
  await expect(entry).toContainText(vi.news_pinned!);
  await expect(page.getByText(`English only ${stamp}`)).toHaveCount(0);
  await entry.click();

  await expect(page).toHaveURL(new RegExp(`#/pages/yn28/news\\?id=${id}$`));
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.getByText('<b>Không phải HTML</b>')).toBeVisible();
  await expect(article.locator('b')).toHaveCount(0);

  admin('news', 'remove', id);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: vi.news_article_missing_title, exact: true }),
  ).toBeVisible();
  await page.getByRole('link', { name: vi.news_all, exact: true }).click();
  await expect(page.getByTestId('news-item').filter({ hasText: title })).toHaveCount(0);
});

test('a player without investments finds honest, empty investment records', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  await page.goto('./#/pages/mine/account/index');
  await page.getByRole('link', { name: vi.investment_records_title, exact: true }).click();

  await expect(page).toHaveURL(/#\/pages\/yn28\/info\/investmentrecord$/);
  await expect(
    page.getByRole('heading', { name: vi.investment_records_empty_title, exact: true }),
  ).toBeVisible();
  await page.getByRole('radio', { name: vi.account_savings, exact: true }).click();
  await expect(
    page.getByRole('heading', { name: vi.savings_records_empty_title, exact: true }),
  ).toBeVisible();
});
