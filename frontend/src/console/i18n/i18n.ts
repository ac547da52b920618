// The console's texts, English and Chinese: one JSON file per language under ./locales, in the
// console's own bundle (the player app's texts and bundle stay as they are). Same message
// format as the player app (`@/i18n/format`: placeholders and plurals); English is the
// reference, its keys are the TextKey type.
import { useSyncExternalStore } from 'react';
import { parseMessage, render, type Params, type Part } from '@/i18n/format';
import type en from '@/console/i18n/locales/en.json';
import { readItem } from '@/lib/storage';

export type TextKey = keyof typeof en & string;
export type Texts = Record<TextKey, string>;
export type ConsoleLang = 'en' | 'zh';

export const CONSOLE_LANGS: readonly { code: ConsoleLang; native: string; tag: string }[] = [
  { code: 'en', native: 'English', tag: 'en' },
  { code: 'zh', native: '中文', tag: 'zh-CN' },
];

/** Where the console keeps the language chosen with its switch (apart from the player's). */
export const CHOICE_STORAGE_KEY = 'fairhall.console_lang';

const loaders = import.meta.glob<Texts>('./locales/*.json', { import: 'default' });

type State = {
  lang: ConsoleLang;
  texts: Partial<Texts>;
  rules: Intl.PluralRules;
  numbers: Intl.NumberFormat;
};

const tagOf = (lang: ConsoleLang): string =>
  CONSOLE_LANGS.find((language) => language.code === lang)?.tag ?? 'en';

function stateFor(lang: ConsoleLang, texts: Partial<Texts>): State {
  const tag = tagOf(lang);
  return { lang, texts, rules: new Intl.PluralRules(tag), numbers: new Intl.NumberFormat(tag) };
}

let state: State = stateFor('en', {});
const parsed = new Map<string, Part[]>();
const listeners = new Set<() => void>();

const isConsoleLang = (value: unknown): value is ConsoleLang => value === 'en' || value === 'zh';

function readChoice(): string | null {
  try {
    return window.localStorage.getItem(CHOICE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The switch's stored choice, else Chinese when the player app's stored language is zh. */
export function initialLanguage(): ConsoleLang {
  const chosen = readChoice();
  if (isConsoleLang(chosen)) return chosen;
  return readItem('lang') === 'zh' ? 'zh' : 'en';
}

/** Makes `lang` the active language: loads its texts, sets <html lang>, re-renders. */
export async function activateLanguage(lang: ConsoleLang): Promise<void> {
  const loader = loaders[`./locales/${lang}.json`];
  if (loader === undefined) throw new Error(`no console texts for ${lang}`);
  state = stateFor(lang, await loader());
  if (typeof document !== 'undefined') document.documentElement.lang = tagOf(lang);
  for (const listener of listeners) listener();
}

/** The switch in the header: activates `lang` and remembers it on this device. */
export async function chooseLanguage(lang: ConsoleLang): Promise<void> {
  await activateLanguage(lang);
  try {
    window.localStorage.setItem(CHOICE_STORAGE_KEY, lang);
  } catch {
    // Storage unavailable: the choice lasts for this page view.
  }
}

export const currentLanguage = (): ConsoleLang => state.lang;

function translate(current: State, key: TextKey, params: Params = {}): string {
  const source = current.texts[key];
  if (source === undefined) return key;
  const cacheKey = `${current.lang}:${key}`;
  let parts = parsed.get(cacheKey);
  if (parts === undefined) {
    parts = parseMessage(source);
    parsed.set(cacheKey, parts);
  }
  return render(parts, params, current.rules, current.numbers);
}

/** Translates with the active language (for code outside React). */
export const text = (key: TextKey, params?: Params): string => translate(state, key, params);

export type Translate = typeof text;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): State => state;

/** The active language and a translate function; re-renders when the language changes. */
export function useText(): { lang: ConsoleLang; t: Translate } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { lang: current.lang, t: (key, params) => translate(current, key, params) };
}
