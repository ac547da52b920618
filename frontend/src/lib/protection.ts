// Player protection (issue 19) without React: the state of api/protection/index, the reality-check
// session, and which pages stay open while a time-out or self-exclusion runs. The app's guard,
// the app shell and the protection and wallet screens share these.
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export type LimitPeriod = 'day' | 'week' | 'month';
export type LimitKind = 'deposit' | 'loss';
export type ExclusionKind = 'timeout' | 'self_exclusion';

/** One deposit or loss limit over a rolling window. */
export type Limit = {
  period: LimitPeriod;
  /** null: no limit. */
  amount: MoneyText | null;
  used: MoneyText;
  /** null when there is no limit. */
  left: MoneyText | null;
  /** When counted amounts start leaving the window; null when nothing counts. */
  frees_at: number | null;
  /** An increase or removal waiting for its time (amount null: the limit goes). */
  pending: { amount: MoneyText | null; effective_at: number } | null;
};

/** A running time-out or self-exclusion, as api/personal/index sends it. */
export type Exclusion = { kind: ExclusionKind; until: number };

export type ProtectionState = {
  deposit_limits: Limit[];
  loss_limits: Limit[];
  reality_check_mins: number;
  reality_check_choices: number[];
  exclusion: (Exclusion & { started_at: number }) | null;
  timeout_choices: string[];
  exclusion_choices: string[];
  /** True when any deposit or loss limit is set. */
  has_limits: boolean;
};

export const protectionKey = ['protection', 'state'] as const;

/** GET api/protection/index (`silent` for screens that only offer something with it). */
export const fetchProtection = (options: { silent?: boolean } = {}) =>
  api.get<ProtectionState>('api/protection/index', undefined, options);

/** The reality check of this login session (api/protection/session). */
export type RealitySession = {
  started_at: number;
  elapsed_secs: number;
  /** Net win (+) or loss (-) since login. */
  net: MoneyText;
  /** 0: reality checks are off. */
  interval_mins: number;
  due: boolean;
  next_at: number | null;
};

export const realitySessionKey = ['protection', 'session'] as const;

/** GET api/protection/session — polled in the background, so quiet on failure. */
export const fetchRealitySession = () =>
  api.get<RealitySession>('api/protection/session', undefined, { silent: true });

/** POST api/protection/session/ack */
export const acknowledgeRealityCheck = () =>
  api.post<RealitySession>('api/protection/session/ack', {});

/** The error key of a bet refused until the player acknowledges the reality check. */
export const REALITY_CHECK_DUE = 'reality_check_due';

/**
 * Pages open while a time-out or self-exclusion runs: the account, its records, the withdrawal
 * (with the accounts and passwords it needs), the mine page and the protection page.
 */
export const EXCLUSION_OPEN_PATHS: ReadonlySet<string> = new Set([
  ROUTES.protection,
  ROUTES.mine,
  ROUTES.account,
  ROUTES.withdraw,
  ROUTES.withdrawRecords,
  ROUTES.rechargeRecords,
  ROUTES.accountChanges,
  ROUTES.bill,
  ROUTES.statement,
  ROUTES.playRecord,
  ROUTES.investmentRecords,
  ROUTES.bankCards,
  ROUTES.bindList,
  ROUTES.addBank,
  ROUTES.bind,
  ROUTES.usdtAddresses,
  ROUTES.addUsdt,
  ROUTES.passwords,
  ROUTES.fundPassword,
  ROUTES.fundPasswordMine,
  ROUTES.loginPassword,
  ROUTES.loginPasswordMine,
  ROUTES.language,
  ROUTES.customer,
  ROUTES.aboutUs,
]);

/** Where a blocked page sends an excluded player (the page explains why). */
export const EXCLUSION_REDIRECT = `${ROUTES.protection}?blocked=1`;

/** Whether `exclusion` still runs at `nowSeconds` (server time). */
export const exclusionRuns = (
  exclusion: Exclusion | null | undefined,
  nowSeconds: number,
): exclusion is Exclusion =>
  exclusion !== null && exclusion !== undefined && exclusion.until > nowSeconds;

/** Where an excluded player goes instead of `path` (no query string), or null when it is open. */
export const exclusionRedirect = (path: string): string | null =>
  EXCLUSION_OPEN_PATHS.has(path) ? null : EXCLUSION_REDIRECT;
