// Every locale has every key of en, with the same {placeholders}, in a message that parses, and
// is a real translation (not an English copy).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentsOf, parseMessage } from '@/i18n/format';
import { activateLanguage, currentLanguage, t } from '@/i18n/i18n';
import { LANGUAGES } from '@/i18n/languages';

const dir = join(import.meta.dirname, 'locales');
const load = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as Record<string, string>;
const en = load('en');
const others = LANGUAGES.map((language) => language.code).filter((code) => code !== 'en');

/** Values that are the same in every language (brand and proper names). */
const UNTRANSLATED_OK = new Set([
  'app_name',
  'contact_telegram',
  'telegram_title',
  'tab_customer',
  'vip_level',
  'method_usdt',
  'rate_line',
  'fair_chain_period_secs',
  // Unit symbols ("2 h 10 min") read the same in several languages.
  'duration_minutes',
  'duration_hours_minutes',
  'duration_days_hours',
  // Traders say "long" and "short" in English in several languages (vi, fr, pt).
  'games_opt_yn28_long',
  'games_opt_yn28_short',
]);

describe('locales', () => {
  it('exist for exactly the 14 languages', () => {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual(LANGUAGES.map((language) => language.code).sort());
  });

  it('en messages all parse', () => {
    for (const [key, message] of Object.entries(en))
      expect(() => parseMessage(message), key).not.toThrow();
  });

  it.each(others)('%s has every key of en and no other', (code) => {
    const messages = load(code);
    const missing = Object.keys(en).filter(
      (key) => !(key in messages) || messages[key]?.trim() === '',
    );
    const extra = Object.keys(messages).filter((key) => !(key in en));
    expect(missing, `${code} misses`).toEqual([]);
    expect(extra, `${code} has unknown keys`).toEqual([]);
  });

  it.each(others)('%s uses the same {placeholders} as en', (code) => {
    const messages = load(code);
    for (const [key, source] of Object.entries(en)) {
      const expected = [...argumentsOf(parseMessage(source))].sort();
      const message = messages[key];
      if (message === undefined) continue;
      expect(() => parseMessage(message), `${code}.${key} parses`).not.toThrow();
      expect([...argumentsOf(parseMessage(message))].sort(), `${code}.${key}`).toEqual(expected);
    }
  });

  it.each(others)('%s is translated, not copied from en', (code) => {
    const messages = load(code);
    const copied = Object.keys(en).filter(
      (key) => !UNTRANSLATED_OK.has(key) && messages[key] === en[key],
    );
    expect(copied, `${code} copies en`).toEqual([]);
  });

  it('puts the spec Vietnamese labels on the tab bar', () => {
    const vi = load('vi');
    expect([vi.tab_home, vi.tab_trend, vi.tab_usdtrate, vi.tab_customer, vi.tab_mine]).toEqual([
      'Trang chủ',
      'Dữ liệu thị trường',
      'Khai thác',
      'NYSE',
      'Hỗ trợ',
    ]);
  });
});

describe('i18n module', () => {
  it('interpolates placeholders and plurals in the active language', async () => {
    await activateLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('greeting', { name: 'Linh' })).toBe('Hello, Linh');
    expect(t('resend_in', { n: 1 })).toBe('Resend in 1 second');
    expect(t('resend_in', { n: 42 })).toBe('Resend in 42 seconds');
    await activateLanguage('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(t('greeting', { name: 'Linh' })).toBe('Xin chào, Linh');
    await activateLanguage('tw');
    expect(document.documentElement.lang).toBe('zh-TW');
  });

  it('parses plural syntax with exact matches and nested placeholders', () => {
    const parts = parseMessage('{n, plural, =0 {none} one {# item for {who}} other {# items}}');
    expect([...argumentsOf(parts)].sort()).toEqual(['n', 'who']);
    expect(() => parseMessage('{n, plural, one {x}}')).toThrow(/other/);
    expect(() => parseMessage('broken {')).toThrow();
  });
});
