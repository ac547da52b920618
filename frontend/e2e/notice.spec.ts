// The message list as a player meets it: the operator posts an announcement by CLI in vi and
// en; the player sees it on home and reads it unread in vi, switches to en, sees the English one
// on home, opens it and sees it read;
// the operator approves his deposit by CLI and the approval arrives as a message.
import { expect, test } from '@playwright/test';
import {
  admin,
  createdId,
  locale,
  logInViaUi,
  randomPhone,
  registerViaApi,
  requestDeposit,
  tokenOf,
} from './support';

const vi = locale('vi');
const en = locale('en');

test('an announcement in two languages is read in each, and a deposit approval arrives as a message', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const id = createdId(
    admin(
      ...['content', 'create', 'announcement', '--title', `vi=Bảo trì ${stamp}`],
      ...['--body', 'vi=Hệ thống bảo trì lúc 02:00.'],
    ),
    'announcement',
  );
  admin(
    'content',
    'update',
    'announcement',
    id,
    '--title',
    `en=Maintenance ${stamp}`,
    '--body',
    'en=The hall is down for maintenance at 02:00.',
  );
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);
  const ticker = page.getByRole('region', { name: vi.notice_announcements });
  await expect(ticker.getByRole('link', { name: `Bảo trì ${stamp}` }).first()).toBeVisible();
  await expect(page.getByTestId('home-messages').getByTestId('unread-badge')).toBeVisible();

  // From the mine page, whose entry carries the unread badge.
  await page.getByRole('link', { name: vi.tab_mine, exact: true }).click();
  const entryLink = page.getByRole('link', { name: new RegExp(vi.notice_title!) });
  await expect(entryLink.getByTestId('unread-badge')).toBeVisible();
  await entryLink.click();
  await expect(page).toHaveURL(/#\/pages\/jogos\/notice$/);
  const vietnamese = page.getByTestId('notice-item').filter({ hasText: `Bảo trì ${stamp}` });
  await expect(vietnamese).toHaveAttribute('data-read', 'false');
  await expect(vietnamese).toContainText(vi.notice_unread!);

  // In English: the English text, opened, then read in the list.
  await page.goto('./#/pages/login/lang');
  await page.getByRole('radio', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('./#/pages/home/index');
  const englishTicker = page.getByRole('region', { name: en.notice_announcements });
  await expect(
    englishTicker.getByRole('link', { name: `Maintenance ${stamp}` }).first(),
  ).toBeVisible();
  await page.goto('./#/pages/jogos/notice');
  const english = page.getByTestId('notice-item').filter({ hasText: `Maintenance ${stamp}` });
  await expect(english).toHaveAttribute('data-read', 'false');
  await english.click();
  await expect(page).toHaveURL(new RegExp(`#/pages/jogos/notice\\?kind=announcement&id=${id}$`));
  const opened = page.getByTestId('notice-opened');
  await expect(opened.getByRole('heading', { name: `Maintenance ${stamp}` })).toBeVisible();
  await expect(opened.getByText('The hall is down for maintenance at 02:00.')).toBeVisible();
  await expect(opened.getByTestId('notice-state')).toHaveText(en.notice_read!);
  await page.goBack();
  await expect(english).toHaveAttribute('data-read', 'true');

  // The operator approves his deposit: the approval is a message, in his language.
  const token = await tokenOf(page);
  const deposit = await requestDeposit(request, token, '100');
  admin('deposit', 'approve', deposit);
  await page.reload();
  const approval = page.getByTestId('notice-item').filter({ hasText: 'Deposit approved' });
  await expect(approval).toHaveAttribute('data-read', 'false');
  await expect(approval).toContainText(`#${deposit}`);
  await expect(approval).toContainText('100.00');
  await approval.click();
  await expect(page.getByTestId('notice-state')).toHaveText(en.notice_read!);
});
