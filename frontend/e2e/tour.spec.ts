// Every screen of the app, as a player with history sees it: axe-core's WCAG 2.1 A/AA rules on
// every route of src/lib/routes.ts (logged out and logged in, after the page's data has loaded,
// with its dialogs open where it has them), and a 390 x 844 screenshot of each tab and game page
// for a reviewer (target/test-logs/screenshots/, no pixel comparison).
//
// The route list is ROUTES itself: VISITS is typed by its keys, so a new route does not compile
// until it says how the tour visits it (and src/app/routes.test.ts keeps the router on ROUTES).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { GUEST_ONLY_PATHS, PUBLIC_PATHS, ROUTES } from '../src/lib/routes';
import {
  admin,
  apiData,
  axeViolations,
  bettablePeriod,
  createProduct,
  createdId,
  creditWallet,
  locale,
  randomPhone,
  registerViaApi,
  tinyPng,
} from './support';

const vi = locale('vi');
const SCREENSHOTS = resolve(
  process.env.FAIRHALL_TEST_LOG_DIR ?? resolve(import.meta.dirname, '../../target/test-logs'),
  'screenshots',
);

type RouteName = keyof typeof ROUTES;
/**
 * `productId`: a product on sale that the player bought 100.00 of, in order `orderId`;
 * `envelopeId`: a red envelope the player claimed a share of.
 */
type Player = {
  phone: string;
  token: string;
  newsId: string;
  activityId: string;
  helpId: string;
  announcementId: string;
  productId: string;
  orderId: string;
  envelopeId: string;
};

type Visit = {
  /** Query string the page needs to show its data (e.g. a room). */
  query?: (player: Player) => string;
  /** What shows once the page's data is there (default: the page's heading). */
  ready?: (page: Page) => Locator;
  /** Opens the page's dialog or expanded state, checked as well. */
  open?: (page: Page) => Promise<void>;
  /** Screenshot name for the tab and game pages. */
  shot?: string;
};

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const testId = (id: string) => (page: Page) => page.getByTestId(id).first();

/** Taps an option and a chip and opens the bet confirmation of a quick game. */
const openBetConfirm = (option: string) => async (page: Page) => {
  await page.getByTestId(`option-${option}`).click();
  await page.getByTestId('chip-10').click();
  await page.getByTestId('bet-confirm').click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
};

const VISITS: Record<RouteName, Visit> = {
  root: { ready: testId('balance') },
  home: { ready: testId('balance'), shot: 'tab-home' },
  login: {},
  register: {},
  forget: {},
  language: {},
  mine: {
    ready: (page) => page.getByRole('button', { name: vi.logout, exact: true }),
    open: async (page) => {
      await page.getByRole('button', { name: vi.logout, exact: true }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
    shot: 'tab-mine',
  },
  trend: { ready: testId('trend-counts'), shot: 'tab-trend' },
  usdtrate: { shot: 'tab-usdtrate' },
  customer: { shot: 'tab-customer' },
  news: { ready: (page) => page.getByRole('link', { name: /Tour/ }).first() },
  events: { ready: testId('activity-item'), shot: 'content-events' },
  // Without ?id= the page says the activity is not available; an activity is an extra visit.
  eventDetails: {},
  helpList: { ready: testId('help-item'), shot: 'content-help' },
  helpDetail: {},
  aboutUs: { ready: testId('page-version'), shot: 'content-about' },
  notice: { ready: testId('notice-item'), shot: 'notice-list' },
  yn28Room: { ready: testId('room-canada_vip'), shot: 'game-yn28-hall' },
  yn28Trade: {
    query: () => '?room=usa_ordinary',
    ready: testId('trade-up'),
    open: async (page) => {
      await page.getByTestId('trade-amount').fill('1');
      await expect(page.getByTestId('trade-problem')).toBeVisible();
    },
    shot: 'game-yn28-trade',
  },
  deposit: { ready: testId('bank-account'), shot: 'wallet-deposit' },
  firstDeposit: { ready: testId('first-deposit-rules'), shot: 'growth-first-deposit' },
  vip: { ready: testId('vip-levels'), shot: 'growth-vip' },
  returnCash: { ready: testId('cashback-today'), shot: 'growth-cashback' },
  withdraw: { ready: testId('withdraw-pending'), shot: 'wallet-withdraw' },
  conversion: {},
  account: { ready: testId('account-balance') },
  accountChanges: { ready: testId('change-record') },
  bill: { ready: testId('change-record') },
  statement: { ready: testId('statement-summary'), shot: 'wallet-statement' },
  // The pending deposit says "not credited yet, refresh the balance or log in again".
  rechargeRecords: { ready: testId('deposit-pending-note') },
  withdrawRecords: { ready: testId('queue-wait') },
  investmentRecords: {},
  yuebao: { ready: testId('savings-balance') },
  yuebaoLog: { ready: testId('savings-record') },
  goodList: {},
  // Without ?id= the page says the product is not available; a product is an extra visit.
  goodDetail: {},
  goodOrder: { ready: testId('goods-order') },
  invite: { ready: testId('invite-qr'), shot: 'growth-invite' },
  buddy: { ready: testId('salary-table'), shot: 'growth-partner' },
  backwater: { ready: testId('rebate-pending'), shot: 'growth-backwater' },
  goodLog: {},
  addBank: {},
  bind: {},
  bankCards: { ready: testId('bank-card-number') },
  bindList: { ready: testId('bank-card-number') },
  addUsdt: {},
  usdtAddresses: {},
  passwords: {},
  fundPassword: {},
  fundPasswordMine: {},
  loginPassword: {},
  loginPasswordMine: {},
  settings: {},
  userInfo: {},
  setEmail: {},
  setMobile: {},
  setHeader: {},
  privacy: {},
  playRecord: { ready: testId('bet-record') },
  // The limits, then the time-out's confirmation (password, "cannot be undone early").
  protection: {
    ready: testId('deposit-day'),
    open: async (page) => {
      await page.getByTestId('timeout-start').click();
      await expect(page.getByTestId('exclude-dialog')).toBeVisible();
    },
    shot: 'protection',
  },
  ccLong: { shot: 'game-long' },
  ccRules: { query: () => '?room=k3', ready: testId('rtp-big'), shot: 'game-rules-k3' },
  jogos: { ready: testId('jogos-room-k3'), shot: 'jogos-index' },
  jogosDetails: {
    query: () => '?game=yn28',
    ready: testId('jogos-room-canada_vip'),
    shot: 'jogos-details',
  },
  ccK3: { ready: testId('option-big'), open: openBetConfirm('big'), shot: 'game-k3' },
  ccK3Order: { ready: testId('bet-record'), shot: 'game-k3-order' },
  ccK3Open: {
    ready: testId('draw-row'),
    open: async (page) => {
      await page
        .getByTestId('draw-row')
        .first()
        .getByRole('button', { name: vi.games_verify, exact: true })
        .click();
      await expect(page.getByTestId('draw-fairness').first()).toBeVisible();
    },
    shot: 'game-k3-open',
  },
  ccPk: { ready: testId('bet-slip'), shot: 'game-pk10' },
  ccPkOrder: {},
  ccPkOpen: {},
  ccSsc: { ready: testId('bet-slip'), shot: 'game-ssc' },
  ccSscOrder: {},
  ccSscOpen: {},
  ccRgb: { ready: testId('bet-slip'), shot: 'game-rgb' },
  ccRgbOrder: {},
  ccRgbOpen: {},
  ccTaskSign: { ready: testId('signin-day'), shot: 'growth-signin' },
  ccTaskJob: { ready: testId('task-progress'), shot: 'growth-tasks' },
  // The record holds the player's claim; a malformed code shows its message under the field.
  chooseLocation: { shot: 'system-choose-location' },
  openLocation: { query: () => '?code=VN', shot: 'system-open-location' },
  telegram: { shot: 'system-telegram' },
  framebox: {
    ready: (page) => page.getByRole('heading', { name: vi.framebox_refused_title }),
    shot: 'system-framebox-refused',
  },
  ccHong: {
    ready: testId('envelope-record'),
    shot: 'growth-envelope',
    open: async (page) => {
      await page.getByTestId('envelope-code').fill('ab');
      await page.getByRole('button', { name: vi.envelope_claim, exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
};

/** The tier room, a page of its own at ?room= (the hall is ROUTES.yn28Room without it). */
const EXTRA_VISITS: { name: string; path: string; visit: Visit }[] = [
  {
    name: 'ccRules?room=canada_vip',
    path: ROUTES.ccRules,
    visit: {
      query: () => '?room=canada_vip',
      ready: testId('rtp-sum_27'),
      shot: 'game-rules-yn28',
    },
  },
  {
    name: 'yn28Room?room=usa_ordinary',
    path: ROUTES.yn28Room,
    visit: {
      query: () => '?room=usa_ordinary',
      ready: testId('current-issue'),
      shot: 'game-yn28-room',
    },
  },
  {
    name: 'news?id',
    path: ROUTES.news,
    visit: { query: (player) => `?id=${player.newsId}` },
  },
  {
    name: 'eventDetails?id',
    path: ROUTES.eventDetails,
    visit: {
      query: (player) => `?id=${player.activityId}`,
      ready: (page) => page.getByRole('article'),
      shot: 'content-event-details',
    },
  },
  {
    name: 'helpDetail?id',
    path: ROUTES.helpDetail,
    visit: {
      query: (player) => `?id=${player.helpId}`,
      ready: (page) => page.getByRole('article'),
      shot: 'content-help-detail',
    },
  },
  {
    name: 'aboutUs?page',
    path: ROUTES.aboutUs,
    visit: { query: () => '?page=company-profile', ready: testId('page-version') },
  },
  {
    // The announcement, opened (which marks it read).
    name: 'notice?kind&id',
    path: ROUTES.notice,
    visit: {
      query: (player) => `?kind=announcement&id=${player.announcementId}`,
      ready: testId('notice-opened'),
      shot: 'notice-detail',
    },
  },
  {
    // The envelope the player claimed, with its claims and the luckiest marked.
    name: 'ccHong?id',
    path: ROUTES.ccHong,
    visit: {
      query: (player) => `?id=${player.envelopeId}`,
      ready: testId('envelope-claim'),
    },
  },
  {
    // One order with its whole schedule (nothing paid yet).
    name: 'goodOrder?id',
    path: ROUTES.goodOrder,
    visit: {
      query: (player) => `?id=${player.orderId}`,
      ready: (page) => page.getByTestId('schedule-row').first(),
    },
  },
  {
    // The schedule of the preset amount, then the fund password dialog.
    name: 'goodDetail?id',
    path: ROUTES.goodDetail,
    visit: {
      query: (player) => `?id=${player.productId}`,
      ready: (page) => page.getByTestId('schedule-row').first(),
      open: async (page) => {
        await page.getByTestId('goods-buy').click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  },
];

type Stop = { name: string; path: string; visit: Visit };

const stops = (): Stop[] => [
  ...(Object.keys(VISITS) as RouteName[]).map((name) => ({
    name,
    path: ROUTES[name],
    visit: VISITS[name],
  })),
  ...EXTRA_VISITS,
];

type Envelope<T> = { code: number; msg: string; data: T };

async function post<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  data: object,
  key?: string,
): Promise<T> {
  const response = await request.post(path, {
    headers: { token, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    data,
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body, `POST ${path}: ${body.msg}`).toMatchObject({ code: 1 });
  return body.data;
}

/** A 1 x 1 PNG, the deposit's voucher. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function deposit(request: APIRequestContext, token: string, amount: string, key: string) {
  const response = await request.post('api/personal/recharge', {
    headers: { token, 'Idempotency-Key': key },
    multipart: {
      method: 'bank',
      amount,
      currency: 'USDT',
      voucher: { name: 'pay.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(((await response.json()) as Envelope<unknown>).code).toBe(1);
}

/** A row of `admin deposit|withdraw list --all --json` (newest first). */
interface PendingRow {
  id: number;
  user_id: number;
  status: string;
}

/** The id of the user's newest pending row of `admin <what> list`. */
function pendingId(what: 'deposit' | 'withdraw', userId: number): string {
  const rows = JSON.parse(admin(what, 'list', '--all', '--json')) as PendingRow[];
  const row = rows.find((listed) => listed.user_id === userId && listed.status === 'pending');
  expect(row, `a pending ${what} of user ${userId}`).toBeDefined();
  return String(row?.id ?? '');
}

/**
 * An activity with a picture and a help article (vi), and the about-us and company-profile
 * pages (created once: a page's slug is taken while it lives).
 */
function contentItems(phone: string): { activityId: string; helpId: string } {
  const file = resolve(mkdtempSync(resolve(tmpdir(), 'fairhall-tour-')), 'activity.png');
  writeFileSync(file, tinyPng());
  const picture = admin('content', 'picture', 'add', file).split('\t')[0] ?? '';
  const activityId = createdId(
    admin(
      ...['content', 'create', 'activity', '--picture', picture],
      ...['--title', `vi=Khuyến mãi ${phone.slice(-4)}`],
      ...['--summary', 'vi=Nạp lần đầu, nhận thêm 10%.'],
      ...['--body', 'vi=<h2>Thể lệ</h2><p>Nạp từ <strong>100</strong> USDT, nhận thêm 10%.</p>'],
    ),
    'activity',
  );
  const helpId = createdId(
    admin(
      ...['content', 'create', 'help', '--title', `vi=Cách nạp tiền ${phone.slice(-4)}`],
      ...['--body', 'vi=<ol><li>Mở trang nạp tiền.</li><li>Chọn phương thức.</li></ol>'],
    ),
    'help',
  );
  for (const [slug, title] of [
    ['about-us', 'Về chúng tôi'],
    ['company-profile', 'Hồ sơ công ty'],
  ] as const) {
    const pages = JSON.parse(admin('content', 'list', 'page', '--json')) as {
      slug: string;
      removed_at: number | null;
    }[];
    if (pages.some((page) => page.slug === slug && page.removed_at === null)) continue;
    admin(
      ...['content', 'create', 'page', '--slug', slug, '--version', '2026.1'],
      ...['--title', `vi=${title}`, '--body', `vi=<p>${title}: sảnh trò chơi tự vận hành.</p>`],
    );
  }
  return { activityId, helpId };
}

/**
 * A player with history on every screen: an approved and a pending deposit, a bank card, a USDT
 * address, the fund password, a pending withdrawal, money in the game balance, bets in k3 and
 * the usa yn28 room, a news article and an announcement.
 */
async function playerWithHistory(request: APIRequestContext): Promise<Player> {
  const phone = randomPhone();
  await registerViaApi(request, phone, 'secret12');
  const { token } = await post<{ token: string }>(request, 'api/login/post', '', {
    account: phone,
    password: 'secret12',
  });
  const userId = (await apiData<{ id: number }>(request, 'api/personal/index', {}, token)).id;
  await deposit(request, token, '300', `tour-${phone}-1`);
  admin('deposit', 'approve', pendingId('deposit', userId));
  await deposit(request, token, '50', `tour-${phone}-2`);
  creditWallet(phone, '500');
  const card = await post<{ id: number }>(request, 'api/personal/add_bank', token, {
    bank_id: 'VCB',
    holder: 'Nguyen Van An',
    card_no: '6222021234567890',
    ifsc: '',
    bank_address: '',
    phone: '',
    remark: '',
  });
  await post(request, 'api/personal/addusdt', token, {
    type: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    remark: 'tour',
  });
  await post(request, 'api/personal/securitypassword', token, {
    password: '246810',
    repassword: '246810',
  });
  await post(
    request,
    'api/personal/do_withdraw',
    token,
    { method: 'bank', account_id: card.id, amount: '20', fund_password: '246810' },
    `tour-${phone}-w`,
  );
  await post(
    request,
    'api/personal/conversion',
    token,
    { from: 'balance', amount: '400' },
    `tour-${phone}-c`,
  );
  await post(request, 'api/yuebao/in', token, { amount: '50' }, `tour-${phone}-s`);
  for (const [room, option] of [
    ['k3', 'big'],
    ['usa_ordinary', 'big'],
  ] as const) {
    const period = await bettablePeriod(request, room, 4);
    if (room === 'usa_ordinary') await post(request, 'api/rooms/enter', token, { room });
    await post(
      request,
      'api/rooms/betting',
      token,
      { room, issue: period.issue, bets: [{ option, amount: '10' }] },
      `tour-${phone}-${room}`,
    );
  }
  const newsId = createdId(
    admin('news', 'add', '--title', `vi=Tour ${phone}`, '--body', 'Bảo trì hệ thống lúc 02:00.'),
    'article',
  );
  const { activityId, helpId } = contentItems(phone);
  const announcementId = createdId(
    admin(
      ...['content', 'create', 'announcement', '--title', `vi=Thông báo ${phone.slice(-4)}`],
      ...['--body', 'vi=Bảo trì hệ thống lúc 02:00.\n\nCảm ơn bạn đã kiên nhẫn.'],
    ),
    'announcement',
  );
  const now = Math.floor(Date.now() / 1000);
  const cycles = ['--cycle-unit', 'day', '--cycles', '3', '--payout-time', '10:00'];
  const productId = createProduct(`Xoài ${phone.slice(-4)}`, now, cycles);
  const order = await post<{ order_id: number }>(
    request,
    'api/goods/buy',
    token,
    { id: productId, amount: '100', fund_password: '246810' },
    `tour-${phone}-g`,
  );
  await post(request, 'api/signin/sign', token, {}, `tour-${phone}-signin`);
  admin(
    'task',
    'create',
    '--kind',
    'bet_count',
    '--target',
    '1',
    '--reward',
    '1',
    '--daily',
    '--title',
    `vi=Đặt cược 1 lần ${phone.slice(-4)}`,
    '--title',
    'en=Bet once today',
  );
  const envelope = JSON.parse(
    admin('envelope', 'create', '--amount', '5', '--count', '3', '--mode', 'random', '--json'),
  ) as { id: number; code: string };
  await post(request, 'api/envelope/claim', token, { code: envelope.code }, `tour-${phone}-e`);
  return {
    phone,
    token,
    newsId,
    activityId,
    helpId,
    announcementId,
    productId,
    orderId: String(order.order_id),
    envelopeId: String(envelope.id),
  };
}

const test = base.extend<object, { player: Player }>({
  player: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({
        baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
      });
      await use(await playerWithHistory(request));
      await request.dispose();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

test.use({ actionTimeout: 5_000 });

async function phonePage(browser: Browser, token: string | null): Promise<Page> {
  // axe-core is injected as a script, which the app's CSP would block (tests only).
  const context = await browser.newContext({
    ...test.info().project.use,
    viewport: { width: 390, height: 844 },
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  await context.addInitScript((stored) => {
    if (stored !== null) window.localStorage.setItem('fairhall.token', stored);
  }, token);
  return context.newPage();
}

/** Opens a stop and waits for its data (the ready marker shown, no spinner or busy part left). */
async function visit(page: Page, stop: Stop, player: Player | null): Promise<void> {
  const query = player === null ? '' : (stop.visit.query?.(player) ?? '');
  await page.goto(`./#${stop.path}${query}`);
  await expect((stop.visit.ready ?? heading)(page)).toBeVisible({ timeout: 8_000 });
  await expect(page.getByText(vi.loading!, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Controls smaller than 24 x 24 CSS px (WCAG 2.5.8; axe files that rule under 2.2, so the tour
 * measures it itself). Links inside a sentence are exempt.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, summary, [role="tab"], [role="radio"]',
    );
    return [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      // Visually hidden inputs (1 px) are operated through their label.
      const hidden =
        box.width <= 1 || box.height <= 1 || control.closest('[aria-hidden="true"]') !== null;
      const inline = control.tagName === 'A' && control.closest('p, li, dd') !== null;
      if (hidden || inline || (box.width >= 24 && box.height >= 24)) return [];
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
      return [
        `target-size ${control.tagName.toLowerCase()} "${name.slice(0, 30)}": ${Math.round(box.width)} x ${Math.round(box.height)} px`,
      ];
    });
  });
}

/** The page's WCAG 2.1 A/AA violations, one line per rule and element. */
async function violations(page: Page): Promise<string[]> {
  return [...(await axeViolations(page)), ...(await smallTargets(page))];
}

async function check(page: Page, stop: Stop, player: Player | null): Promise<string[]> {
  const found: string[] = [];
  try {
    await visit(page, stop, player);
    found.push(...(await violations(page)));
    if (stop.visit.open !== undefined && player !== null) {
      await stop.visit.open(page);
      found.push(...(await violations(page)).map((line) => `(open) ${line}`));
      // Dialogs and chosen options live in memory: the next stop starts clean.
      await page.reload();
    }
  } catch (error) {
    found.push(`could not check: ${String(error).split('\n')[0]}`);
  }
  return found.map((line) => `${stop.name}: ${line}`);
}

test.describe('every route passes axe-core WCAG 2.1 A/AA', () => {
  // The player fixture publishes the operator's pages the public about-us route shows.
  test('logged out: the public pages', async ({ browser, player: _publishesPages }) => {
    const page = await phonePage(browser, null);
    const found: string[] = [];
    for (const stop of stops().filter((stop) => PUBLIC_PATHS.has(stop.path)))
      found.push(...(await check(page, stop, null)));
    expect(found).toEqual([]);
  });

  // In parts, so the workers share the pages (each worker has its own player with history).
  const PARTS = 3;
  for (let part = 1; part <= PARTS; part += 1) {
    test(`logged in, with deposits, a withdrawal, bets and news on the pages (part ${part} of ${PARTS})`, async ({
      browser,
      player,
    }) => {
      test.setTimeout(120_000);
      const page = await phonePage(browser, player.token);
      const found: string[] = [];
      const pages = stops().filter((stop) => !GUEST_ONLY_PATHS.has(stop.path));
      for (const stop of pages.filter((_, index) => index % PARTS === part - 1))
        found.push(...(await check(page, stop, player)));
      expect(found).toEqual([]);
    });
  }
});

test('a 390 x 844 screenshot of every tab and game page', async ({ browser, player }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const page = await phonePage(browser, player.token);
  for (const stop of stops()) {
    if (stop.visit.shot === undefined) continue;
    await visit(page, stop, player);
    await page.screenshot({ path: resolve(SCREENSHOTS, `${stop.visit.shot}.png`) });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect.soft(overflow, `${stop.name} is no wider than the phone`).toBeLessThanOrEqual(0);
  }
});
