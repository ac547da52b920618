// The agreements of the config call: their titles in the reader's language and their links.
import type { MessageKey } from '@/i18n/i18n';
import type { Agreement } from '@/lib/config';

/** The app's own titles of the agreements the spec names. */
const BUILT_IN_TITLES: Readonly<Record<string, MessageKey>> = {
  privacy_policy: 'agreement_privacy_policy',
  user_agreement: 'agreement_user_agreement',
};

/** The operator's title in `lang`, else the app's own title of the key, else any title. */
export function agreementTitle(
  agreement: Agreement,
  lang: string,
  t: (key: MessageKey) => string,
): string {
  const own = agreement.titles[lang];
  if (own !== undefined && own !== '') return own;
  const builtIn = BUILT_IN_TITLES[agreement.key];
  if (builtIn !== undefined) return t(builtIn);
  return Object.values(agreement.titles)[0] ?? agreement.key;
}

/** App routes (`#/...`) open in the app; other addresses in a new window. */
export const opensInApp = (agreement: Agreement): boolean => agreement.url.startsWith('#/');
