// The spec's page paths (hash routes). Screens link with these, never with literals.
export const ROUTES = {
  root: '/',
  home: '/pages/home/index',
  login: '/pages/login/index',
  register: '/pages/login/reg',
  forget: '/pages/login/forget',
  language: '/pages/login/lang',
  mine: '/pages/mine/index',
  trend: '/pages/yn28/trend',
  usdtrate: '/pages/yn28/usdtrate',
  customer: '/pages/yn28/customer',
  // News: the list, or one article at ?id=N (the spec names no separate detail path)
  news: '/pages/yn28/news',
  // Activities (one at ?id=N on details), help articles (one at ?id=N on helpdetail), and the
  // operator's named pages: about-us, or any page at ?page=<slug> (privacy, user-agreement, ...)
  events: '/pages/events/index',
  eventDetails: '/pages/events/details',
  helpList: '/pages/events/helplist',
  helpDetail: '/pages/events/helpdetail',
  aboutUs: '/pages/jogos/about-us',
  // The Message List: the player's messages and the announcements, or one at ?kind=...&id=N
  notice: '/pages/jogos/notice',
  // yn28 trading hall: the hall (no room) or a tier room (?room=canada_vip), and long/short trading
  yn28Room: '/pages/yn28/game/roominfo',
  yn28Trade: '/pages/yn28/game/usdt',
  // Wallet
  deposit: '/pages/mine/savings-account/index',
  firstDeposit: '/pages/first-storage/index',
  // Growth: VIP levels and the recharge cashback (the first-deposit bonus is on firstDeposit)
  vip: '/pages/vip/index',
  returnCash: '/pages/return-cash/index',
  withdraw: '/pages/yn28/info/withdraw',
  conversion: '/pages/conversion/index',
  account: '/pages/mine/account/index',
  accountChanges: '/pages/yn28/info/accountchangerecords',
  bill: '/pages/mine/account/bill',
  // The account statement of a range of days (opening, closing, CSV download)
  statement: '/pages/mine/account/statement',
  rechargeRecords: '/pages/yn28/info/rechargerecord',
  withdrawRecords: '/pages/yn28/info/withdrawalsrecord',
  // The player's product orders and savings moves (tabs)
  investmentRecords: '/pages/yn28/info/investmentrecord',
  // Financial: Yu E Bao (the savings account) and its log
  yuebao: '/pages/lc/yuebao',
  yuebaoLog: '/pages/lc/yuebaolog',
  // Financial products: the list, one product at ?id=N, the player's orders (one order at ?id=N)
  // and the payouts paid on them
  goodList: '/pages/lc/goodlist',
  goodDetail: '/pages/lc/gooddetail',
  goodOrder: '/pages/lc/goodorder',
  goodLog: '/pages/lc/goodlog',
  // Invitations and the team: the invite code, link and QR; the partner page (team, members,
  // weekly salary); the rebates and commissions (backwater)
  invite: '/pages/convidar/index',
  buddy: '/pages/buddy/index',
  backwater: '/pages/mine/backwater/index',
  // Withdrawal accounts
  addBank: '/pages/yn28/info/addbank',
  bind: '/pages/bind/index',
  bankCards: '/pages/yn28/info/bankcardmanagement',
  bindList: '/pages/bind/list',
  addUsdt: '/pages/yn28/info/addusdt',
  usdtAddresses: '/pages/yn28/info/usdtaddressmanagement',
  // Security and personal centre
  passwords: '/pages/yn28/info/passwordmanagement',
  fundPassword: '/pages/yn28/info/securitypassword',
  fundPasswordMine: '/pages/mine/passwordsave',
  loginPassword: '/pages/yn28/info/loginpassword',
  loginPasswordMine: '/pages/mine/passwordlogin',
  settings: '/pages/mine/settings/index',
  userInfo: '/pages/mine/setuserinfo',
  setEmail: '/pages/mine/settings/setemail',
  setMobile: '/pages/mine/settings/setmobile',
  setHeader: '/pages/mine/setheader',
  privacy: '/pages/mine/privacy/index',
  playRecord: '/pages/mine/play-record/index',
  // Responsible play: deposit and loss limits, reality check, time-out and self-exclusion
  protection: '/pages/mine/protection',
  // The game lists: every game with its rooms' live periods, and one game's rooms (?game=k3)
  jogos: '/pages/jogos/index',
  jogosDetails: '/pages/jogos/game-details',
  // The long-dragon board (runs of identical outcomes across games)
  ccLong: '/pages/cc/long',
  // A room's rules and odds (?room=k3): every option's odds, exact chance and RTP, limits, draws
  ccRules: '/pages/cc/rules',
  // Games (pages/cc): index = play, order = the player's bets, open = draw results
  ccK3: '/pages/cc/k3/index',
  ccK3Order: '/pages/cc/k3/order',
  ccK3Open: '/pages/cc/k3/open',
  ccPk: '/pages/cc/pk/index',
  ccPkOrder: '/pages/cc/pk/order',
  ccPkOpen: '/pages/cc/pk/open',
  ccSsc: '/pages/cc/ssc/index',
  ccSscOrder: '/pages/cc/ssc/order',
  ccSscOpen: '/pages/cc/ssc/open',
  ccRgb: '/pages/cc/rgb/index',
  ccRgbOrder: '/pages/cc/rgb/order',
  ccRgbOpen: '/pages/cc/rgb/open',
  // Growth: daily sign-in (Attendance) and tasks
  ccTaskSign: '/pages/cc/task/sign',
  ccTaskJob: '/pages/cc/task/job',
  // Red envelope: claim by code and the record of claims; one claimed envelope at ?id=N
  ccHong: '/pages/cc/hong',
  // System: the list of countries or regions, and one of them (?code=VN) to confirm the choice
  chooseLocation: '/pages/system/choose-location',
  openLocation: '/pages/system/open-location',
  // The operator's Telegram contacts and hours
  telegram: '/pages/telegram/index',
  // An operator-allowed external page (?url=...&title=...) in a frame with a back button
  framebox: '/pages/framebox',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** Pages that open without a login token (query string ignored). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  ROUTES.login,
  ROUTES.forget,
  ROUTES.register,
  ROUTES.language,
  // A guest chooses his location before registering.
  ROUTES.chooseLocation,
  ROUTES.openLocation,
  // The agreements the register page links are pages shown here.
  ROUTES.aboutUs,
]);

/** Pages a logged-in user has no business on: they go home instead. */
export const GUEST_ONLY_PATHS: ReadonlySet<string> = new Set([ROUTES.login, ROUTES.register]);
