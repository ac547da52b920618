// The console's zh texts have every key of en, with the same {placeholders}, and are translated;
// the language follows the switch, else the player app's stored language when it is zh.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { argumentsOf, parseMessage } from '@/i18n/format';
import {
  activateLanguage,
  CHOICE_STORAGE_KEY,
  chooseLanguage,
  initialLanguage,
  text,
} from '@/console/i18n/i18n';

const load = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${code}.json`), 'utf8')) as Record<
    string,
    string
  >;
const en = load('en');
const zh = load('zh');

/** Texts that read the same in both languages (none yet). */
const UNTRANSLATED_OK = new Set<string>([]);

describe('console texts', () => {
  it('zh has every key of en and no other', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries(zh).filter(([, value]) => value.trim() === '')).toEqual([]);
  });

  it('every message parses and zh uses the same {placeholders} as en', () => {
    for (const [key, source] of Object.entries(en)) {
      const expected = [...argumentsOf(parseMessage(source))].sort();
      expect([...argumentsOf(parseMessage(zh[key] ?? ''))].sort(), key).toEqual(expected);
    }
  });

  it('zh is translated, not copied from en', () => {
    const copied = Object.keys(en).filter(
      (key) => !UNTRANSLATED_OK.has(key) && zh[key] === en[key],
    );
    expect(copied).toEqual([]);
  });
});

describe('console language', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('follows the player app when it is zh, else English', () => {
    expect(initialLanguage()).toBe('en');
    window.localStorage.setItem('fairhall.lang', 'vi');
    expect(initialLanguage()).toBe('en');
    window.localStorage.setItem('fairhall.lang', 'zh');
    expect(initialLanguage()).toBe('zh');
  });

  it('keeps the choice of its switch, over the player app language', async () => {
    window.localStorage.setItem('fairhall.lang', 'zh');
    await chooseLanguage('en');
    expect(window.localStorage.getItem(CHOICE_STORAGE_KEY)).toBe('en');
    expect(initialLanguage()).toBe('en');
    await chooseLanguage('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(text('detail_title', { id: 7 })).toBe('充值 7');
  });
});
