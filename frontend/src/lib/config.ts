// App configuration served by api/index/config (no React here: the boot code uses it too).
import { api } from '@/lib/api';
import { DEFAULT_PHONE_PATTERN } from '@/lib/patterns';

/** An agreement registration links and the player accepts (`[[app.agreements]]`). */
export type Agreement = {
  key: string;
  /** The operator's titles by language; the app's `agreement_<key>` title otherwise. */
  titles: Record<string, string>;
  /** An app route (`#/pages/...`) or an http(s) address. */
  url: string;
  version: string;
};

/** A country or region of pages/system/choose-location (`[[app.locations]]`). */
export type Location = {
  code: string;
  name: string;
  /** A path served by the app (`flags/vn.svg`) or an http(s) address. */
  picture: string;
  currency: string;
  dialling_code: string;
  phone_pattern: string;
};

export type AppConfig = {
  app_name: string;
  /** The app version: the server binary's (`fairhall --version`), as is `server_version`. */
  version: string;
  server_version: string;
  default_lang: string;
  languages: string[];
  require_invite: boolean;
  require_code: boolean;
  phone_pattern: string;
  code_length: number;
  code_resend_secs: number;
  support_url: string;
  telegram_url: string;
  agreements: Agreement[];
  locations: Location[];
  /** Origins pages/framebox may show. */
  frame_allow: string[];
  /** The key of encrypted replies (lib/reply-cipher), when the operator turned them on. */
  encryption: { key: string; iv: string } | null;
  /** The age a player confirms at registration (`protection.legal_age`). */
  legal_age: number;
  /** Registration asks for the date of birth (`protection.require_birth_date`). */
  require_birth_date: boolean;
};

/** What the app assumes until the server has answered (the documented defaults). */
export const DEFAULT_CONFIG: AppConfig = {
  app_name: 'Fairhall',
  version: '',
  server_version: '',
  default_lang: 'vi',
  languages: [],
  require_invite: false,
  require_code: false,
  phone_pattern: DEFAULT_PHONE_PATTERN,
  code_length: 6,
  code_resend_secs: 60,
  support_url: '',
  telegram_url: '',
  agreements: [],
  locations: [],
  frame_allow: [],
  encryption: null,
  legal_age: 18,
  require_birth_date: false,
};

export const configKey = ['config'] as const;

/** Config staleness: fetched at start and after login; otherwise refreshed at most every 5 min. */
export const CONFIG_STALE_MS = 5 * 60_000;

export async function fetchConfig(options: { silent?: boolean } = {}): Promise<AppConfig> {
  const data = await api.get<Partial<AppConfig> | null>('api/index/config', undefined, options);
  return { ...DEFAULT_CONFIG, ...(data ?? {}) };
}
