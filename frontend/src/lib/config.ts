// App configuration served by api/index/config (no React here: the boot code uses it too).
import { api } from '@/lib/api';
import { DEFAULT_PHONE_PATTERN } from '@/lib/patterns';

export type AppConfig = {
  app_name: string;
  version: string;
  default_lang: string;
  languages: string[];
  require_invite: boolean;
  require_code: boolean;
  phone_pattern: string;
  code_length: number;
  code_resend_secs: number;
  support_url: string;
  telegram_url: string;
};

/** What the app assumes until the server has answered (the documented defaults). */
export const DEFAULT_CONFIG: AppConfig = {
  app_name: 'Fairhall',
  version: '',
  default_lang: 'vi',
  languages: [],
  require_invite: false,
  require_code: false,
  phone_pattern: DEFAULT_PHONE_PATTERN,
  code_length: 6,
  code_resend_secs: 60,
  support_url: '',
  telegram_url: '',
};

export const configKey = ['config'] as const;

/** Config staleness: fetched at start and after login; otherwise refreshed at most every 5 min. */
export const CONFIG_STALE_MS = 5 * 60_000;

export async function fetchConfig(options: { silent?: boolean } = {}): Promise<AppConfig> {
  const data = await api.get<Partial<AppConfig> | null>('api/index/config', undefined, options);
  return { ...DEFAULT_CONFIG, ...(data ?? {}) };
}
