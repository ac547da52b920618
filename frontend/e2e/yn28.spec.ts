// The yn28 trading hall as a player meets it (the issue's proof): enter a room with enough game
// balance, be refused one without, place a long and a short trade in one period and see them
// settle, and see the trend page update after the draw. playwright.config.ts shortens the usa
// region's periods to 15 s (betting closes 3 s before the draw) so a round takes seconds.
import { expect, test, type Page } from '@playwright/test';
import {
  apiData,
  bettablePeriod,
  creditWallet,
  locale,
  logInViaUi,
  minorOf,
  pastButtonThrottle,
  randomPhone,
  registerViaApi,
  settledRoomBets,
  shownMoney,
  tokenOf,
  type BetRecord,
} from './support';

const vi = locale('vi');
const ROOM = 'usa_ordinary';

type Envelope<T> = { code: number; msg: string; err?: string; data: T };
type BetReply = {
  order_no: string;
  issue: string;
  game_balance: string;
  bets: { option: string; amount: string; odds: string }[];
};
type Trend = { region: string; list: { issue: string; sum: number }[] };

/** The three digits of a yn28 draw (`values.result.digits`, or `values.digits`). */
function digitsOf(values: BetRecord['result']): number[] {
  const inner =
    values !== null && typeof values.result === 'object' && values.result !== null
      ? (values.result as Record<string, unknown>)
      : (values as Record<string, unknown> | null);
  const digits = inner?.digits;
  expect(
    Array.isArray(digits) && digits.length === 3,
    `three digits in ${JSON.stringify(values)}`,
  ).toBe(true);
  return digits as number[];
}

/** On the trade view: picks a side, confirms the dialog and returns the server's reply. */
async function trade(page: Page, side: 'up' | 'down', issue: string): Promise<BetReply> {
  const button = page.getByTestId(`trade-${side}`);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('trade-amount').fill('10');
  await page.getByTestId('trade-confirm').click();
  const dialog = page.getByRole('alertdialog', { name: vi.yn28_trade_confirm_title });
  await expect(dialog).toContainText(issue);
  const reply = page.waitForResponse(
    (response) =>
      response.url().includes('/api/rooms/betting') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: vi.yn28_trade_place, exact: true }).click();
  const response = await reply;
  const sent = response.request().postDataJSON() as {
    room: string;
    issue: string;
    mode?: string;
    bets: { option: string; amount: string }[];
  };
  expect(sent).toMatchObject({
    room: ROOM,
    issue,
    mode: 'trade',
    bets: [{ option: side === 'up' ? 'big' : 'small' }],
  });
  expect(minorOf(sent.bets[0]!.amount)).toBe(10_00n);
  const body = (await response.json()) as Envelope<BetReply>;
  expect(body, `buy ${side}: ${body.msg}`).toMatchObject({ code: 1 });
  expect(body.data.issue).toBe(issue);
  await expect(
    page.getByText(vi.games_bet_done!.replace('{order}', body.data.order_no), { exact: true }),
  ).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  return body.data;
}

test('yn28: enter a room, be refused one, trade long and short, see them settle and the trend update', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const phone = randomPhone();
  await registerViaApi(page.request, phone, 'secret12');
  creditWallet(phone, '1500');
  await logInViaUi(page, phone, 'secret12', vi);
  const token = await tokenOf(page);

  // 1,200 to the game balance: enough for vip (1,000.00), not for diamond (5,000.00).
  await page.getByRole('link', { name: vi.conversion_title, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/conversion\/index$/);
  await expect(page.getByTestId('conversion-balance')).toHaveText('1,500.00');
  await expect(page.getByTestId('conversion-direction')).toHaveText(vi.conversion_to_game!);
  await page.getByLabel(vi.field_amount!, { exact: true }).fill('1200');
  await page.getByRole('button', { name: vi.conversion_submit, exact: true }).click();
  await expect(page.getByText(vi.conversion_done!, { exact: true })).toBeVisible();
  await expect(page.getByTestId('conversion-game-balance')).toHaveText('1,200.00');

  // The usa hall: the four tier rooms; vip enters, diamond is marked and refused by the server.
  await page.goto('./#/pages/yn28/game/roominfo?region=usa');
  await expect(page.getByTestId('region-usa')).toHaveAttribute('aria-selected', 'true');
  for (const tier of ['ordinary', 'vip', 'diamond', 'supreme'])
    await expect(page.getByTestId(`room-usa_${tier}`)).toBeEnabled();
  await expect(page.getByTestId('room-usa_vip')).not.toContainText(vi.yn28_cannot_enter!);
  await expect(page.getByTestId('room-usa_diamond')).toContainText(vi.yn28_cannot_enter!);

  const vipEnter = page.waitForResponse((response) => response.url().includes('/api/rooms/enter'));
  await page.getByTestId('room-usa_vip').click();
  const vipBody = (await (await vipEnter).json()) as Envelope<{
    room: string;
    game_balance: string;
  }>;
  expect(vipBody, `enter usa_vip: ${vipBody.msg}`).toMatchObject({
    code: 1,
    data: { room: 'usa_vip', game_balance: '1200.00' },
  });
  await expect(page).toHaveURL(/#\/pages\/yn28\/game\/roominfo\?room=usa_vip$/);
  await expect(page.getByTestId('current-issue')).toHaveAttribute('data-issue', /^\d+$/);
  await expect(page.getByTestId('game-balance')).toHaveText('1,200.00');

  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/yn28\/game\/roominfo\?region=usa$/);
  const diamondEnter = page.waitForResponse((response) =>
    response.url().includes('/api/rooms/enter'),
  );
  await page.getByTestId('room-usa_diamond').click();
  const diamondBody = (await (await diamondEnter).json()) as Envelope<unknown>;
  expect(diamondBody).toMatchObject({ code: 0, err: 'room_balance_too_low' });
  expect(diamondBody.msg).not.toBe('');
  await expect(page.getByText(diamondBody.msg, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/yn28\/game\/roominfo\?region=usa$/);

  // The trend page for usa, opened now in a second tab and left alone until after the draw.
  const trendPage = await context.newPage();
  await trendPage.goto('./#/pages/yn28/trend');
  await trendPage.getByTestId('region-usa').click();
  await expect(trendPage.getByTestId('region-usa')).toHaveAttribute('aria-selected', 'true');
  await expect(trendPage.getByTestId('trend-counts')).toBeVisible();
  await page.bringToFront();

  // The ordinary room's trade view: buy up 10 and buy down 10 in one period.
  await page.getByTestId(`room-${ROOM}`).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/yn28/game/roominfo\\?room=${ROOM}$`));
  await page.getByTestId('to-trade').click();
  await expect(page).toHaveURL(new RegExp(`#/pages/yn28/game/usdt\\?room=${ROOM}$`));
  const period = await bettablePeriod(page.request, ROOM, 8);
  const issue = period.issue;
  await expect(page.getByTestId('current-issue')).toHaveAttribute('data-issue', issue);
  await expect(page.getByTestId('countdown')).toHaveAttribute('data-phase', 'open');
  const up = await trade(page, 'up', issue);
  await pastButtonThrottle(page);
  const down = await trade(page, 'down', issue);
  expect(minorOf(down.game_balance)).toBe(1_180_00n);

  // Before the draw: the trend has no row of this issue, in the API and on the (older) trend tab.
  const before = await apiData<Trend>(page.request, 'api/trend/index', {
    region: 'usa',
    limit: 20,
  });
  const newestBefore = before.list[0]?.issue;
  if (newestBefore !== undefined) expect(BigInt(newestBefore)).toBeLessThan(BigInt(issue));
  await expect(trendPage.locator(`[data-testid="trend-row"][data-issue="${issue}"]`)).toHaveCount(
    0,
  );

  // The open position: both trades of this period, waiting for the draw.
  const position = page.getByRole('region', { name: vi.yn28_my_bets });
  await expect(position.getByRole('listitem')).toHaveCount(2);
  for (const item of await position.getByRole('listitem').all()) {
    await expect(item).toContainText('10.00');
    await expect(item).toContainText(vi.yn28_status_open!);
  }

  // The draw: the latest result becomes this issue, and its bets show their profit or loss.
  const latest = page.getByTestId('latest-result');
  await expect(latest).toHaveAttribute('data-issue', issue, { timeout: 40_000 });
  const bets = await settledRoomBets(page.request, token, ROOM, issue, 2);
  const digits = digitsOf(bets[0]!.result);
  const sum = digits.reduce((total, digit) => total + digit, 0);
  await expect(latest.getByTestId('result-sum')).toHaveText(`${digits.join('')}=${sum}`);

  // Exactly one side wins: big is 14..27, small 0..13; on 13 and 14 the winner is paid at the
  // reduced odds 1.6 (the special rule), otherwise at the placed odds.
  const big = sum >= 14;
  const reduced = sum === 13 || sum === 14;
  const byOption = new Map(bets.map((bet) => [bet.option, bet]));
  expect([...byOption.keys()].sort()).toEqual(['big', 'small']);
  expect(byOption.get('big')!.order_no).toBe(up.order_no);
  expect(byOption.get('small')!.order_no).toBe(down.order_no);
  for (const bet of bets) {
    expect(bet.issue).toBe(issue);
    const wins = (bet.option === 'big') === big;
    expect(bet.status, `${bet.option} on sum ${sum}`).toBe(wins ? 'won' : 'lost');
    expect(bet.outcome, `${bet.option} on sum ${sum}`).toBe(
      wins ? (reduced ? 'win_reduced' : 'win') : 'lose',
    );
    const odds = reduced ? '1.6' : bet.odds;
    const [whole = '0', fraction = ''] = odds.split('.');
    const thousandths = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
    expect(minorOf(bet.payout), `${bet.option} payout on sum ${sum}`).toBe(
      wins ? (10_00n * thousandths) / 1000n : 0n,
    );
    expect(minorOf(bet.profit)).toBe(minorOf(bet.payout) - 10_00n);
  }

  // The trade view's settled section lists both with their profit or loss.
  const settled = page.getByTestId('settled-bets');
  await expect(settled).toHaveAttribute('aria-label', vi.games_issue!.replace('{issue}', issue));
  await expect(settled.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  for (const bet of bets)
    await expect(settled).toContainText(shownMoney(minorOf(bet.profit)), { timeout: 15_000 });
  await expect(settled).not.toContainText(vi.yn28_status_open!);
  const profile = await apiData<{ game_balance: string }>(
    page.request,
    'api/personal/index',
    {},
    token,
  );
  expect(minorOf(profile.game_balance)).toBe(
    1_200_00n + bets.reduce((total, bet) => total + minorOf(bet.profit), 0n),
  );

  // The trend tab, never reloaded, now has the drawn issue (its own polling / refresh on focus),
  // newer than the newest row before the draw.
  await trendPage.bringToFront();
  const row = trendPage.locator(`[data-testid="trend-row"][data-issue="${issue}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(`${digits.join(' + ')} = ${sum}`);
  const newest = await trendPage.getByTestId('trend-row').first().getAttribute('data-issue');
  expect(BigInt(newest ?? '0')).toBeGreaterThanOrEqual(BigInt(issue));
  if (newestBefore !== undefined)
    expect(BigInt(newest ?? '0')).toBeGreaterThan(BigInt(newestBefore));
});
