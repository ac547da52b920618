// Home as a player meets it: the balances counted up to their exact values from the one home
// call, a badge on an entry with something new, and the game lists' live countdowns leading to
// a room's play page.
import { expect, test } from '@playwright/test';
import {
  approvedDeposit,
  creditWallet,
  locale,
  logInViaUi,
  minorOf,
  randomPhone,
  registerViaApi,
  shownMoney,
  tokenOf,
} from './support';

const vi = locale('vi');

test('home reveals the balances, badges what is new, and the game list opens a live room', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  creditWallet(phone, '1224.56');
  const homeCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/index/index')) homeCalls.push(sent.url());
  });
  await logInViaUi(page, phone, 'secret12', vi);
  // Sign-in needs a passed deposit (growth.signin.recharge_first): 10.00 of the balance.
  await approvedDeposit(request, await tokenOf(page), '10');
  await page.reload();

  // The reveal ends on the exact amounts (2 s); screen readers get them from the start.
  await expect(page.getByTestId('balance')).toHaveText('1,234.56');
  await expect(page.getByTestId('game-balance')).toHaveText('0.00');
  await expect(page.locator('.sr-only', { hasText: '1,234.56' })).toHaveCount(1);
  expect(homeCalls.length).toBeGreaterThan(0);

  // Not signed in today: the sign-in entry says so; signing in takes the badge away.
  await expect(page.getByTestId('badge-signin')).toHaveText(vi.home_sign_today!);
  const signed = await request.post('api/signin/sign', {
    headers: { token: await tokenOf(page) },
    data: {},
  });
  const receipt = (await signed.json()) as { code: number; data: { balance: string } };
  expect(receipt.code).toBe(1);
  await page.reload();
  // The reward is in the balance, revealed again to its exact value.
  await expect(page.getByTestId('balance')).toHaveText(shownMoney(minorOf(receipt.data.balance)));
  await expect(page.getByTestId('badge-signin')).toHaveCount(0);

  // The game entry opens the game's list; its countdown moves with the clock.
  await page.getByTestId('game-rgb').click();
  await expect(page).toHaveURL(/#\/pages\/jogos\/game-details\?game=rgb$/);
  const countdown = page.getByTestId('jogos-countdown-rgb1');
  await expect(countdown).toBeVisible();
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 });

  // Every game's list, then a room opens its play page.
  await page.goto('./#/pages/jogos/index');
  await expect(page.getByTestId('jogos-room-canada_vip')).toBeVisible();
  await page.getByTestId('jogos-room-k3').click();
  await expect(page).toHaveURL(/#\/pages\/cc\/k3\/index\?room=k3$/);
  await expect(page.getByTestId('option-big')).toBeVisible();
});
