// Daily sign-in on two days, on the clock server (e2e/clock/): a player without a deposit is
// told to deposit first and his sign-in is refused; after an approved deposit he signs in, sees
// day 1 and its reward; the clock moves a day on; he signs in again and the calendar shows the
// streak of 2. Then a task the operator created by CLI ("bet once today"): he bets once and
// claims its reward.
import { expect, test } from '@playwright/test';
import {
  approvedDeposit,
  axeViolations,
  admin,
  advanceClock,
  bettablePeriodAhead,
  creditWallet,
  locale,
  logInViaUi,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
  serverNow,
  settledRoomBets,
  tokenOf,
} from '../support';

const vi = locale('vi');
const DAY_SECS = 86_400;

const fill = (text: string | undefined, amount: string) => (text ?? '').replace('{amount}', amount);

// axe-core is injected as a script, which the app's CSP would block (tests only).
test.use({ bypassCSP: true });

test('a player signs in on two days and sees the streak of 2', async ({ page, request }) => {
  test.setTimeout(180_000);
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  await logInViaUi(page, phone, 'secret12', vi);

  await page.goto('./#/pages/cc/task/sign');
  await expect(page.getByText(vi.signin_recharge_note!, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: vi.signin_button, exact: true }).click();
  // The server's refusal, in the player's language (src/i18n/locales/vi.json recharge_first).
  await expect(page.getByText('Vui lòng nạp tiền trước', { exact: true })).toBeVisible();
  await approvedDeposit(request, await tokenOf(page), '10');
  await page.reload();
  await pastButtonThrottle(page);
  await expect(page.getByTestId('signin-today-reward')).toHaveText('1.00');
  await expect(page.getByTestId('signin-next-day')).toContainText('1');
  await page.getByRole('button', { name: vi.signin_button, exact: true }).click();
  await expect(page.getByText(fill(vi.signin_done, '1.00'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: vi.signin_signed, exact: true })).toBeDisabled();
  await expect(page.getByTestId('signin-streak')).toContainText('1');
  await expect(page.getByTestId('signin-day')).toHaveCount(1);
  await expect(page.getByTestId('signin-day')).toContainText('+1.00');
  expect(await axeViolations(page)).toEqual([]);

  // A day later it is the next operator day (no daylight saving in the default zone).
  await advanceClock(request, DAY_SECS);
  await page.reload();
  await expect(page.getByTestId('signin-streak')).toContainText('1');
  await expect(page.getByTestId('signin-today-reward')).toHaveText('2.00');
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.signin_button, exact: true }).click();
  await expect(page.getByText(fill(vi.signin_done, '2.00'), { exact: true })).toBeVisible();
  await expect(page.getByTestId('signin-streak')).toContainText('2');
  // The second day may open a new month: its cell is there either way.
  await expect(page.getByTestId('signin-day').filter({ hasText: '+2.00' })).toBeVisible();
  await expect(page.getByTestId('signin-next-day')).toContainText('3');
});

test('a task created by CLI is completed by one bet and claimed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = randomPhone();
  const title = `Cược 1 lần ${phone.slice(-4)}`;
  const created = admin(
    'task',
    'create',
    '--kind',
    'bet_count',
    '--target',
    '1',
    '--reward',
    '3',
    '--daily',
    '--title',
    `vi=${title}`,
  );
  const id = /^created task (\d+)$/m.exec(created)?.[1];
  expect(id, created).toBeDefined();
  await registerViaApi(request, phone, 'secret12');
  creditWallet(phone, '90');
  await logInViaUi(page, phone, 'secret12', vi);
  const token = await tokenOf(page);
  // A task's reward needs a passed deposit (growth.tasks.recharge_first).
  await approvedDeposit(request, token, '10');

  await page.goto('./#/pages/cc/task/job');
  const card = page.getByTestId(`task-${id}`);
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(card.getByTestId('task-progress')).toHaveText('0 / 1');
  await expect(card.getByRole('button', { name: vi.task_claim, exact: true })).toBeDisabled();

  const headers = { token };
  const convert = await request.post('api/personal/conversion', {
    headers,
    data: { from: 'balance', amount: '10' },
  });
  expect((await convert.json()).code).toBe(1);
  const period = await bettablePeriodAhead(request, 'k3', 4);
  const bet = await request.post('api/rooms/betting', {
    headers,
    data: { room: 'k3', issue: period.issue, bets: [{ option: 'big', amount: '10' }] },
  });
  expect((await bet.json()).code).toBe(1);
  // A bet counts once settled: an open one may still be refunded.
  await page.reload();
  await expect(card.getByTestId('task-progress')).toHaveText('0 / 1');
  await advanceClock(request, Math.max(1, period.draw_at - (await serverNow(request)) + 1));
  await settledRoomBets(request, token, 'k3', period.issue, 1, 30_000);

  await page.reload();
  await expect(card.getByTestId('task-progress')).toHaveText('1 / 1');
  await card.getByRole('button', { name: vi.task_claim, exact: true }).click();
  await expect(page.getByText(fill(vi.task_claimed, '3.00'), { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: vi.task_received, exact: true })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  const claims = admin('task', 'claims', id!);
  expect(claims).toContain('3.00');
});
