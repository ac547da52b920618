// Translations: one JSON file per language under ./locales, loaded lazily (only the active one is
// fetched). English is the reference: its keys are the MessageKey type.
import { useSyncExternalStore } from 'react';
import { parseMessage, render, type Params, type Part } from '@/i18n/format';
import { FALLBACK_LANG, isLangCode, languageOf, type LangCode } from '@/i18n/languages';
import type en from '@/i18n/locales/en.json';
import { readItem, writeItem } from '@/lib/storage';

export type MessageKey = keyof typeof en & string;
export type Messages = Record<MessageKey, string>;

const loaders = import.meta.glob<Messages>('./locales/*.json', { import: 'default' });

type State = {
  lang: LangCode;
  messages: Partial<Messages>;
  rules: Intl.PluralRules;
  numbers: Intl.NumberFormat;
};

function stateFor(lang: LangCode, messages: Partial<Messages>): State {
  const tag = languageOf(lang).tag;
  return { lang, messages, rules: new Intl.PluralRules(tag), numbers: new Intl.NumberFormat(tag) };
}

let state: State = stateFor(FALLBACK_LANG, {});
const parsed = new Map<string, Part[]>();
const listeners = new Set<() => void>();
const cache = new Map<LangCode, Promise<Messages>>();

export function loadMessages(lang: LangCode): Promise<Messages> {
  let pending = cache.get(lang);
  if (pending === undefined) {
    const loader = loaders[`./locales/${lang}.json`];
    if (loader === undefined) return Promise.reject(new Error(`no locale file for ${lang}`));
    pending = loader();
    pending.catch(() => cache.delete(lang));
    cache.set(lang, pending);
  }
  return pending;
}

/** Makes `lang` the active language: loads its texts, sets <html lang>, re-renders. */
export async function activateLanguage(lang: LangCode): Promise<void> {
  const messages = await loadMessages(lang);
  state = stateFor(lang, messages);
  if (typeof document !== 'undefined') document.documentElement.lang = languageOf(lang).tag;
  for (const listener of listeners) listener();
}

/** The user's explicit choice: stored on the device and activated. */
export async function chooseLanguage(lang: LangCode): Promise<void> {
  await activateLanguage(lang);
  writeItem('lang', lang);
}

export function storedLanguage(): LangCode | null {
  const stored = readItem('lang');
  return isLangCode(stored) ? stored : null;
}

export const currentLanguage = (): LangCode => state.lang;

export function translate(current: State, key: MessageKey, params: Params = {}): string {
  const source = current.messages[key];
  if (source === undefined) return key;
  const cacheKey = `${current.lang}:${key}`;
  let parts = parsed.get(cacheKey);
  if (parts === undefined) {
    try {
      parts = parseMessage(source);
    } catch {
      parts = [{ kind: 'text', value: source }];
    }
    parsed.set(cacheKey, parts);
  }
  return render(parts, params, current.rules, current.numbers);
}

/** Translates with the active language (for code outside React). */
export const t = (key: MessageKey, params?: Params): string => translate(state, key, params);

export type Translate = typeof t;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): State => state;

/** The active language and a translate function; re-renders when the language changes. */
export function useI18n(): { lang: LangCode; t: Translate } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { lang: current.lang, t: (key, params) => translate(current, key, params) };
}
