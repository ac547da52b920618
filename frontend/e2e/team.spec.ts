// Invitations and the team as players meet them (issue 15's proof): a player reads his code on
// the invite page; a second registers through the invite link (the code prefilled), deposits
// (approved by the operator's CLI) and bets in K3; the operator runs the rebate batch by CLI;
// the first sees the member on the partner page and his commission on the backwater page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  admin,
  apiData,
  bettablePeriod,
  locale,
  logInViaUi,
  otherPlayersPhone,
  randomPhone,
  registerViaApi,
  settledRoomBets,
  tinyPng,
  tokenOf,
  confirmLegalAge,
  declineLimitOffer,
} from './support';

const vi = locale('vi');

/** A deposit of `amount` through the API, approved with `fairhall admin deposit approve`. */
async function approvedDeposit(request: APIRequestContext, token: string, amount: string) {
  const me = await apiData<{ id: number }>(request, 'api/personal/index', {}, token);
  const response = await request.post('api/personal/recharge', {
    headers: { token, 'Idempotency-Key': `e2e-team-${me.id}` },
    multipart: {
      method: 'bank',
      amount,
      currency: 'USDT',
      voucher: { name: 'pay.png', mimeType: 'image/png', buffer: tinyPng() },
    },
  });
  expect(((await response.json()) as { code: number }).code).toBe(1);
  // Newest first, every state: the player's pending deposit, however long the queue.
  const rows = JSON.parse(admin('deposit', 'list', '--all', '--json')) as {
    id: number;
    user_id: number;
    status: string;
  }[];
  const row = rows.find((listed) => listed.user_id === me.id && listed.status === 'pending');
  expect(row, `a pending deposit of user ${me.id}`).toBeDefined();
  admin('deposit', 'approve', String(row?.id ?? ''));
}

/** Moves `amount` to the game balance and bets it on K3 `big`; waits for the settlement. */
/** Minor units of a money text with two decimals ("12.34" -> 1234). */
const minor = (text: string) => Number.parseInt(text.replace('.', ''), 10);

/** A money text of minor units (1234 -> "12.34"). */
const moneyText = (units: number) =>
  `${Math.trunc(units / 100)}.${String(units % 100).padStart(2, '0')}`;

/**
 * `amount` on both k3 big and small of one period, settled: a net loss of 5 % of the stake
 * (or all of it on a triple), whatever the draw. Returns that net loss in minor units.
 */
async function settledK3Hedge(request: APIRequestContext, token: string, amount: string) {
  for (const side of ['big', 'small']) {
    const conversion = await request.post('api/personal/conversion', {
      headers: { token },
      data: { from: 'balance', amount },
    });
    expect(((await conversion.json()) as { code: number }).code, side).toBe(1);
  }
  const period = await bettablePeriod(request, 'k3', 4);
  const bet = await request.post('api/rooms/betting', {
    headers: { token, 'Idempotency-Key': `e2e-team-bet-${period.issue}-${token.slice(0, 8)}` },
    data: {
      room: 'k3',
      issue: period.issue,
      bets: [
        { option: 'big', amount },
        { option: 'small', amount },
      ],
    },
  });
  const reply = (await bet.json()) as { code: number; msg: string };
  expect(reply, reply.msg).toMatchObject({ code: 1 });
  const bets = await settledRoomBets(request, token, 'k3', period.issue, 2, 30_000);
  expect(bets.map((one) => one.status).sort()).toEqual(expect.arrayContaining(['lost']));
  return bets.reduce((loss, one) => loss + minor(one.amount) - minor(one.payout), 0);
}

async function openInvitePage(page: Page): Promise<string> {
  await page.goto('./#/pages/convidar/index');
  const code = (await page.getByTestId('invite-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4,}$/);
  await expect(page.getByTestId('invite-link')).toContainText(`/#/pages/login/reg?code=${code}`);
  await expect(page.getByRole('img', { name: vi.invite_qr_label })).toBeVisible();
  return code;
}

test('an invited player deposits and bets; the inviter sees him and his commission', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const inviterPhone = randomPhone();
  await registerViaApi(request, inviterPhone, 'secret12');
  await logInViaUi(page, inviterPhone, 'secret12', vi);
  const code = await openInvitePage(page);
  const inviterToken = await tokenOf(page);

  // The second player follows the invite link in his own browser and registers.
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: testInfo.project.use.baseURL,
  });
  const invited = await context.newPage();
  const invitedPhone = randomPhone();
  await invited.goto(`./#/pages/login/reg?code=${code}`);
  await expect(invited.getByLabel(new RegExp(`^${vi.field_invite}`))).toHaveValue(code);
  await invited.getByLabel(vi.field_phone!, { exact: true }).fill(invitedPhone);
  await invited.getByLabel(vi.field_password!, { exact: true }).fill('secret12');
  await invited.getByLabel(vi.field_confirm_password!, { exact: true }).fill('secret12');
  await invited.getByRole('checkbox', { name: vi.agreement_accept }).check();
  await confirmLegalAge(invited);
  await invited.getByRole('button', { name: vi.reg_submit, exact: true }).click();
  await declineLimitOffer(invited);
  await expect(invited).toHaveURL(/#\/pages\/home\/index$/);
  const invitedToken = await tokenOf(invited);
  await context.close();

  await approvedDeposit(request, invitedToken, '2000');
  const loss = await settledK3Hedge(request, invitedToken, '1000');
  // The level 1 commission of the embedded defaults: 0.15 % of the member's net loss.
  const commission = moneyText(Math.trunc((loss * 15) / 10_000));

  // The operator's batch pays bets settled at least 10 s before it runs.
  await expect
    .poll(
      async () => {
        admin('rebate', 'run');
        const rebate = await apiData<{ history: { total: number } }>(
          request,
          'api/rebate/index',
          {},
          inviterToken,
        );
        return rebate.history.total;
      },
      { timeout: 40_000, intervals: [2_000], message: 'the batch paid the commission' },
    )
    .toBeGreaterThan(0);

  await page.goto('./#/pages/buddy/index');
  // The deposit and the two stakes, in the page's (vi) grouping.
  await expect(page.getByTestId('team-level-1')).toContainText('2,000.00');
  await expect(page.getByTestId('team-member').first()).toContainText(
    otherPlayersPhone(invitedPhone),
  );
  await expect(page.getByTestId('salary-table')).toBeVisible();

  await page.goto('./#/pages/mine/backwater/index');
  const payment = page.getByTestId('rebate-payment').first();
  await expect(payment).toContainText(commission);
  await expect(payment).toContainText(vi.team_level!.replace('{level}', '1'));
});
