// Activities and help as a player meets them: the operator writes them by CLI in Vietnamese and
// English; the player reads them in Vietnamese, switches to English and reads the English text.
import { expect, test } from '@playwright/test';
import { admin, createdId, locale, logInViaUi, randomPhone, registerViaApi } from './support';

const vi = locale('vi');
const en = locale('en');

test('a player reads activities and help in his language, switching from vi to en', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const activity = createdId(
    admin(
      ...['content', 'create', 'activity', '--title', `vi=Nạp đầu ${stamp}`],
      ...['--body', 'vi=<p>Nạp <strong>100</strong> nhận 10.</p><script>window.hacked=1</script>'],
    ),
    'activity',
  );
  admin(
    ...['content', 'update', 'activity', activity],
    ...[
      '--title',
      `en=First deposit ${stamp}`,
      '--body',
      'en=<p>Deposit <strong>100</strong>, get 10.</p>',
    ],
  );
  const help = createdId(
    admin(
      ...['content', 'create', 'help', '--title', `vi=Cách rút tiền ${stamp}`],
      ...['--body', 'vi=<ol><li>Mở trang rút tiền.</li></ol>'],
    ),
    'help',
  );
  admin(
    ...['content', 'update', 'help', help],
    ...[
      '--title',
      `en=How to withdraw ${stamp}`,
      '--body',
      'en=<ol><li>Open the withdrawal page.</li></ol>',
    ],
  );
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  await page.goto('./#/pages/events/index');
  await expect(page.getByRole('heading', { name: vi.events_title, level: 1 })).toBeVisible();
  await page
    .getByTestId('activity-item')
    .filter({ hasText: `Nạp đầu ${stamp}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/pages/events/details\\?id=${activity}$`));
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: `Nạp đầu ${stamp}` })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('100');
  expect(await page.evaluate(() => 'hacked' in window)).toBe(false);

  await page.goto('./#/pages/events/helplist');
  await page
    .getByTestId('help-item')
    .filter({ hasText: `Cách rút tiền ${stamp}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/pages/events/helpdetail\\?id=${help}$`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Mở trang rút tiền.' })).toBeVisible();

  await page.goto('./#/pages/login/lang');
  await page.getByRole('radio', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto(`./#/pages/events/helpdetail?id=${help}`);
  await expect(page.getByRole('heading', { name: `How to withdraw ${stamp}` })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Open the withdrawal page.' }),
  ).toBeVisible();
  await page.goto('./#/pages/events/index');
  await expect(page.getByRole('heading', { name: en.events_title, level: 1 })).toBeVisible();
  await expect(page.getByText(`Nạp đầu ${stamp}`)).toHaveCount(0);
  await page
    .getByTestId('activity-item')
    .filter({ hasText: `First deposit ${stamp}` })
    .click();
  await expect(page.getByRole('article').getByText('Deposit 100, get 10.')).toBeVisible();
});
