// Shared helpers of the end-to-end specs.
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Messages = Record<string, string>;

/** The texts of one locale, so specs find elements the way a player reads them. */
export function locale(code: string): Messages {
  return JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../src/i18n/locales', `${code}.json`), 'utf8'),
  ) as Messages;
}

/** Ticks the register page's confirmation of the legal age (the default, 18). */
export async function confirmLegalAge(page: Page): Promise<void> {
  const text = locale('vi').reg_age_confirm!.replace('{age}', '18');
  await page.getByRole('checkbox', { name: text, exact: true }).check();
}

/** Declines the offer to set a deposit limit that follows a registration in the browser. */
export async function declineLimitOffer(page: Page): Promise<void> {
  const vi = locale('vi');
  await page
    .getByRole('alertdialog', { name: vi.limit_offer_title })
    .getByRole('button', { name: vi.limit_offer_later, exact: true })
    .click();
}

/** A fresh phone number matching the default pattern `^1\d{10}$`. */
export function randomPhone(): string {
  return `1${randomInt(3, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export function randomLoginName(): string {
  return `p${randomInt(0, 2 ** 31).toString(36)}${randomInt(0, 2 ** 31).toString(36)}`.slice(0, 16);
}

/** The masked form the server shows a player of his own phone, e.g. 138****5678. */
export const maskPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(7)}`;
/** How another player's phone shows (a co-claimer, a team member): its last two digits. */
export const otherPlayersPhone = (phone: string): string => `*** ${phone.slice(-2)}`;

type Envelope<T> = { code: number; msg: string; err?: string; data: T };

/** Registers a player through the API (for specs whose subject is not registration). */
export async function registerViaApi(
  request: APIRequestContext,
  phone: string,
  password: string,
  username?: string,
): Promise<void> {
  const response = await request.post('api/login/do_register', {
    data: {
      phone,
      password,
      repassword: password,
      invite_code: '',
      code: '',
      agree: '1',
      age_confirmed: '1',
      ...(username === undefined ? {} : { username }),
    },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as Envelope<{ token: string }>;
  expect(body, `register ${phone}: ${body.msg}`).toMatchObject({ code: 1 });
}

/**
 * Buttons ignore a second tap within 500 ms (components/button.tsx). A spec that taps the same
 * button again right after the first answer waits as long as a person would have.
 */
export const pastButtonThrottle = (page: Page): Promise<void> => page.waitForTimeout(600);

/** Logs in through the login form and waits for the home page. */
export async function logInViaUi(
  page: Page,
  account: string,
  password: string,
  texts: Messages,
): Promise<void> {
  await page.goto('./#/pages/login/index');
  await page.getByLabel(texts.field_account!, { exact: true }).fill(account);
  await page.getByLabel(texts.field_password!, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.login_submit, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/home\/index$/);
  await expect(page.getByText(texts.login_success!, { exact: true })).toBeVisible();
}

/** The project of e2e/clock/ (playwright.config.ts): its specs talk to the test-clock server. */
const CLOCK_PROJECT = 'clock';

/** Whether the running test is a clock spec; worker fixtures (no test running) are not. */
function onClockServer(): boolean {
  try {
    return test.info().project.name === CLOCK_PROJECT;
  } catch {
    return false;
  }
}

/**
 * Runs `fairhall --config <the e2e config> admin ...` against the database of the server the
 * running spec talks to (the clock server's for e2e/clock/).
 */
export function admin(...args: string[]): string {
  const [bin, config] = onClockServer()
    ? [process.env.FAIRHALL_CLOCK_BIN, process.env.E2E_CLOCK_CONFIG]
    : [process.env.FAIRHALL_BIN, process.env.E2E_CONFIG];
  if (bin === undefined || config === undefined)
    throw new Error(
      'FAIRHALL_BIN and E2E_CONFIG (and their CLOCK twins) come from playwright.config.ts',
    );
  return execFileSync(bin, ['--config', config, 'admin', ...args], { encoding: 'utf8' });
}

/** The id in `created KIND ID`, the line every creating `admin` command prints. */
export function createdId(out: string, kind: string): string {
  const id = new RegExp(`^created ${kind} (\\d+)$`, 'm').exec(out)?.[1];
  if (id === undefined) throw new Error(`expected "created ${kind} ID"; the CLI printed: ${out}`);
  return id;
}

/** Verification codes the server "sent" (log delivery), newest first, via `fairhall admin codes`. */
export function sentCodes(): { target: string; purpose: string; code: string }[] {
  const out = admin('codes');
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 3 && /^\d{6}$/.test(fields[2] ?? ''))
    .map(([target = '', purpose = '', code = '']) => ({ target, purpose, code }));
}

/** Waits until a code for `target` and `purpose` shows up in `admin codes`. */
export async function codeFor(target: string, purpose: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = sentCodes().find(
          (entry) => entry.target === target && entry.purpose === purpose,
        )?.code;
        return found;
      },
      { timeout: 10_000, message: `a ${purpose} code for ${target} in "fairhall admin codes"` },
    )
    .toMatch(/^\d{6}$/);
  return found ?? '';
}

/** The session token the app keeps in localStorage (`fairhall.token`). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('fairhall.token'));
  expect(token, 'a session token in localStorage').not.toBeNull();
  return token ?? '';
}

/** GET `path` (relative to baseURL) and unwrap the `{code, msg, data}` envelope; fails unless code 1. */
export async function apiData<T>(
  request: APIRequestContext,
  path: string,
  params: Record<string, string | number> = {},
  token?: string,
): Promise<T> {
  const response = await request.get(path, {
    params,
    headers: token === undefined ? {} : { token },
  });
  expect(response.ok(), `GET ${path}: HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as Envelope<T>;
  expect(body, `GET ${path}: ${body.msg}`).toMatchObject({ code: 1 });
  return body.data;
}

/** Credits a player's wallet balance through `fairhall admin wallet adjust` (phone, login name or id). */
export function creditWallet(user: string, amount: string): void {
  admin('wallet', 'adjust', user, amount, '--reason', 'e2e credit');
}

type RoomInfo = { issue: string; close_at: number; draw_at: number; now: number };

/**
 * Waits until `room`'s open period takes bets with at least `secondsLeft` before its close, and
 * returns that issue. The server commits a seed chain from the period after start on, so until
 * then the open period is refused (`period_closed`): bettable means the chain's first issue is at
 * or before the open one, and the close is far enough off (on the server's clock).
 */
export async function bettablePeriod(
  request: APIRequestContext,
  room: string,
  secondsLeft: number,
  timeout = 45_000,
): Promise<RoomInfo> {
  let found: RoomInfo | undefined;
  await expect
    .poll(
      async () => {
        const [info, chain] = await Promise.all([
          apiData<RoomInfo>(request, 'api/roominfo/index', { room }),
          apiData<{ first_issue: string }>(request, 'api/fair/commitment', { room }),
        ]);
        const committed = BigInt(chain.first_issue) <= BigInt(info.issue);
        found = committed && info.close_at - info.now >= secondsLeft ? info : undefined;
        return found !== undefined;
      },
      {
        timeout,
        intervals: [250],
        message: `a bettable period of ${room} with ${secondsLeft} s to its close`,
      },
    )
    .toBe(true);
  return found!;
}

/** An item of GET api/personal/betting_record (docs/api-contract-games.md). */
export type BetRecord = {
  order_no: string;
  room: string;
  game: string;
  issue: string;
  option: string;
  amount: string;
  odds: string;
  status: 'open' | 'won' | 'lost' | 'refunded';
  outcome: 'win' | 'lose' | 'refund' | 'win_reduced' | null;
  payout: string;
  profit: string;
  /** The draw's values, e.g. `{game: "yn28", result: {region, numbers, digits}}` (null while open). */
  result: { game: string; result: unknown } | null;
};

/**
 * A period of `room` on the clock server still open `secondsLeft` seconds: when the current
 * one closes sooner, the clock moves on to the next instead of waiting for it.
 */
export async function bettablePeriodAhead(
  request: APIRequestContext,
  room: string,
  secondsLeft: number,
): Promise<RoomInfo> {
  const info = await apiData<RoomInfo>(request, 'api/roominfo/index', { room });
  if (info.close_at - info.now < secondsLeft)
    await advanceClock(request, Math.max(1, info.draw_at - info.now + 1));
  return bettablePeriod(request, room, secondsLeft);
}

/** The player's bets of `room` in `issue`, once `count` of them are there and none waits for its draw. */
export async function settledRoomBets(
  request: APIRequestContext,
  token: string,
  room: string,
  issue: string,
  count: number,
  timeout = 15_000,
): Promise<BetRecord[]> {
  let bets: BetRecord[] = [];
  await expect
    .poll(
      async () => {
        bets = (
          await apiData<{ list: BetRecord[] }>(
            request,
            'api/personal/betting_record',
            { room, issue, status: '', page: 1, limit: 20 },
            token,
          )
        ).list;
        return bets.length === count && bets.every((bet) => bet.status !== 'open');
      },
      { timeout, message: `${count} settled bets of ${room} in ${issue}` },
    )
    .toBe(true);
  return bets;
}

/** Money text in minor units ("-10.00" -> -1000n). */
export function minorOf(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', cents = ''] = text.replace(/^[-+]/, '').split('.');
  const value = BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

/** Minor units as the app shows money ("1,234.50", "-10.00"). */
export function shownMoney(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The server's clock now, in unix seconds (`now` of api/roominfo/index). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  return (await apiData<{ now: number }>(request, 'api/roominfo/index', { room: 'k3' })).now;
}

/** The clock's time of the last scheduler tick that ran to its end (`/metrics`). */
async function lastTick(request: APIRequestContext): Promise<number> {
  const response = await request.get('/metrics');
  expect(response.status(), 'the clock server serves /metrics ([metrics] enabled)').toBe(200);
  const line = /^fairhall_scheduler_last_tick_seconds (\d+)$/m.exec(await response.text());
  return line === null ? 0 : Number(line[1]);
}

/**
 * Moves the clock server (e2e/clock/ specs only) `seconds` forward: raises the offset in its
 * E2E_CLOCK_FILE, then waits until a whole scheduler tick has run at or after the new time
 * (`fairhall_scheduler_last_tick_seconds`, recorded when a tick ends: its draws, settlement,
 * savings interest, instalments, programmes and ledger check are done). After a jump of more
 * than 500 k3 periods (about 8 hours) the scheduler draws the skipped periods over several
 * ticks, so that takes seconds.
 */
export async function advanceClock(request: APIRequestContext, seconds: number): Promise<void> {
  const file = process.env.E2E_CLOCK_FILE;
  if (!onClockServer() || file === undefined)
    throw new Error('advanceClock moves the clock server: call it from a spec in e2e/clock/');
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new Error(`advanceClock takes whole seconds ahead, not ${seconds}`);
  const target = (await serverNow(request)) + seconds;
  const offset = Number.parseInt(readFileSync(file, 'utf8'), 10) + seconds;
  // Written whole and renamed in: the server never reads half a number.
  writeFileSync(`${file}.next`, `${offset}\n`);
  renameSync(`${file}.next`, file);
  await expect
    .poll(async () => lastTick(request), {
      timeout: 150_000,
      intervals: [100, 250],
      message:
        `a scheduler tick ended at or after ${target} (is FAIRHALL_CLOCK_BIN built with ` +
        '`--features test-clock`? its log says "TEST CLOCK ON")',
    })
    .toBeGreaterThanOrEqual(target);
}

/**
 * Adds category "fruit" and a product named `name` through `fairhall admin product` (on the
 * running spec's server) and returns its id: on sale from a minute before `now` for 30 days,
 * 100.00 units, 10,000.00 in all of which 1,000.00 is reserved, 1 to 20 units, 12 % over a
 * divisor of 12 (1 % a cycle), interest every cycle and the principal with the last. `cycles`
 * are the cycle flags, e.g. `['--cycle-unit', 'hour', '--cycle-length', '12', '--cycles', '2']`.
 */
export function createProduct(name: string, now: number, cycles: string[]): string {
  admin('product', 'category', 'fruit', '--name', 'vi=Trái cây', '--name', 'en=Fruit');
  const terms = ['--unit-price', '100', '--total', '10000', '--reserved', '1000'];
  const limits = ['--max-units', '20', '--rate', '12', '--rate-divisor', '12'];
  const window = ['--start', String(now - 60), '--end', String(now + 30 * 86_400)];
  const created = admin(
    'product',
    'create',
    '--category',
    'fruit',
    ...terms,
    ...limits,
    '--yield-type',
    'interest_per_cycle',
    ...cycles,
    ...window,
    '--name',
    `vi=${name}`,
  );
  return createdId(created, 'product');
}

/** A valid 2×2 PNG (the server checks vouchers by content). */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A bank deposit request through the API (the operator approves it with `admin deposit
 * approve`); returns its id. */
export async function requestDeposit(request: APIRequestContext, token: string, amount: string) {
  const response = await request.post('api/personal/recharge', {
    headers: { token, 'Idempotency-Key': `deposit-${token.slice(0, 12)}-${amount}` },
    multipart: {
      method: 'bank',
      amount,
      currency: 'USDT',
      voucher: { name: 'pay.png', mimeType: 'image/png', buffer: tinyPng() },
    },
  });
  const body = (await response.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(1);
  return String(body.data.id);
}

/**
 * A bank deposit of `amount` requested through the API and approved with the operator's CLI: a
 * passed deposit, which sign-in, task rewards and envelopes ask for by default.
 */
export async function approvedDeposit(request: APIRequestContext, token: string, amount: string) {
  admin('deposit', 'approve', await requestDeposit(request, token, amount));
}

/** The WCAG levels every accessibility check of the suite holds the pages to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 A/AA violations of the page (or of the part `include` selects), one line
 * per rule and element, read once the page's finite animations are over: a page slides in from
 * 0.4 opacity (global.css `page-in`), and its muted text read half-way fails the contrast rule
 * whenever a loaded machine stretches the slide past the test's next step.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Until no finite animation runs for a moment: a dialog that a late reply opens (a notice)
  // fades in after the page's own animations ended, and axe would read it half-transparent.
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => animation.playState === 'running');
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await new Promise((settled) => setTimeout(settled, 150));
      if (running().length === 0) return;
    }
  });
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const result = await (include === undefined ? builder : builder.include(include)).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}
