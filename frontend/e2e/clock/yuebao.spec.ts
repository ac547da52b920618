// A day of Yu E Bao interest, on the clock server (e2e/clock/): money moved in today earns from
// tomorrow, so the clock moves past the operator's midnight that ends tomorrow; the page then
// shows yesterday's interest as the rules give it, the log lists it, and moving everything out
// brings it to the wallet.
import { expect, test } from '@playwright/test';
import {
  axeViolations,
  advanceClock,
  apiData,
  creditWallet,
  locale,
  logInViaUi,
  minorOf,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
  serverNow,
  shownMoney,
  tokenOf,
} from '../support';

const vi = locale('vi');

/** `app.timezone` by default (playwright.config.ts leaves it): UTC+7, no daylight saving. */
const OPERATOR_TIMEZONE = 'Asia/Ho_Chi_Minh';
const DAY_SECS = 86_400;

/** Seconds the operator's zone is ahead of UTC at unix second `at`. */
function zoneOffsetSecs(at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: OPERATOR_TIMEZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at * 1000));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local / 1000 - at;
}

/** The first second of the operator-local day `days` after the one holding `at` (no DST). */
function operatorDayStart(at: number, days: number): number {
  const offset = zoneOffsetSecs(at);
  return (Math.floor((at + offset) / DAY_SECS) + days) * DAY_SECS - offset;
}

/** The operator-local date of `at`, as a paid day is named ("2026-11-25"). */
function operatorDay(at: number): string {
  return new Date((at + zoneOffsetSecs(at)) * 1000).toISOString().slice(0, 10);
}

/**
 * A day's interest by the rules (docs/programmes.md, src/finance/interest.rs): the balance held
 * all day times the annual rate over 365 days, rounded down to 0.01.
 */
function dailyInterest(heldMinor: bigint, ratePercent: string): bigint {
  const rateBp = minorOf(ratePercent);
  return (heldMinor * rateBp) / (10_000n * 365n);
}

type SavingsRecord = { kind: string; amount: string; memo: string; created_at: number };

// axe-core is injected as a script, which the app's CSP would block (tests only).
test.use({ bypassCSP: true });

test('money moved in today earns a day of interest after tomorrow, and leaves with it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const phone = randomPhone();
  const saved = '12345.67';
  await registerViaApi(request, phone, 'secret12');
  creditWallet(phone, saved);
  await logInViaUi(page, phone, 'secret12', vi);
  const token = await tokenOf(page);

  await page.getByRole('link', { name: vi.yuebao_title }).first().click();
  await expect(page).toHaveURL(/#\/pages\/lc\/yuebao$/);
  await page.getByRole('button', { name: vi.amount_all, exact: true }).click();
  await page.getByRole('button', { name: vi.yuebao_in, exact: true }).click();
  await expect(page.getByText(vi.yuebao_in_done!, { exact: true })).toBeVisible();
  await expect(page.getByTestId('savings-balance')).toHaveText(shownMoney(minorOf(saved)));
  await expect(page.getByTestId('savings-yesterday')).toHaveText('0.00');

  // Today is the day of the move in; tomorrow, the first day held whole, is paid once it ends.
  const log = await apiData<{ list: SavingsRecord[] }>(
    request,
    'api/yuebao/log',
    { page: 1, limit: 20 },
    token,
  );
  const movedIn = log.list.find((record) => record.kind === 'savings_in');
  expect(movedIn, 'the move in, in api/yuebao/log').toBeDefined();
  const tomorrow = operatorDay(operatorDayStart(movedIn!.created_at, 1));
  const afterTomorrow = operatorDayStart(movedIn!.created_at, 2);
  await advanceClock(request, afterTomorrow + 60 - (await serverNow(request)));

  const { rate } = await apiData<{ rate: string }>(request, 'api/yuebao/index', {}, token);
  const interest = dailyInterest(minorOf(saved), rate);
  expect(interest).toBeGreaterThan(0n);
  await page.reload();
  await expect(page.getByTestId('savings-yesterday')).toHaveText(shownMoney(interest));
  await expect(page.getByTestId('savings-balance')).toHaveText(
    shownMoney(minorOf(saved) + interest),
  );
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: vi.yuebaolog_title }).click();
  const records = page.getByTestId('savings-record');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText(vi.kind_interest!);
  await expect(records.first()).toContainText(`+${shownMoney(interest)}`);
  await expect(records.first()).toContainText(tomorrow);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('./#/pages/lc/yuebao');
  await page.getByRole('radio', { name: vi.yuebao_out, exact: true }).click();
  await page.getByRole('button', { name: vi.amount_all, exact: true }).click();
  await pastButtonThrottle(page);
  await page.getByRole('button', { name: vi.yuebao_out, exact: true }).click();
  await expect(page.getByText(vi.yuebao_out_done!, { exact: true })).toBeVisible();
  await expect(page.getByTestId('savings-balance')).toHaveText('0.00');
  await page.goto('./#/pages/home/index');
  await expect(page.getByTestId('balance')).toHaveText(shownMoney(minorOf(saved) + interest));
});
