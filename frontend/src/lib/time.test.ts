import { describe, expect, it } from 'vitest';
import { activateLanguage, t } from '@/i18n/i18n';
import {
  DAY,
  formatDate,
  HOUR,
  MINUTE,
  relativeLabel,
  relativeTime,
  serverNow,
  setServerTime,
} from '@/lib/time';

const now = 1_750_000_000;

describe('relative time labels', () => {
  it('switches at 5 minutes, 1 hour, 1 day and 30 days', () => {
    expect(relativeTime(now, now)).toEqual({ key: 'time_just_now' });
    expect(relativeTime(now - (5 * MINUTE - 1), now)).toEqual({ key: 'time_just_now' });
    expect(relativeTime(now - 5 * MINUTE, now)).toEqual({ key: 'time_minutes', n: 5 });
    expect(relativeTime(now - (HOUR - 1), now)).toEqual({ key: 'time_minutes', n: 59 });
    expect(relativeTime(now - HOUR, now)).toEqual({ key: 'time_hours', n: 1 });
    expect(relativeTime(now - (DAY - 1), now)).toEqual({ key: 'time_hours', n: 23 });
    expect(relativeTime(now - DAY, now)).toEqual({ key: 'time_days', n: 1 });
    expect(relativeTime(now - (30 * DAY - 1), now)).toEqual({ key: 'time_days', n: 29 });
    expect(relativeTime(now - 30 * DAY, now)).toEqual({
      key: 'date',
      date: formatDate(now - 30 * DAY),
    });
  });

  it('treats future times as just now', () => {
    expect(relativeTime(now + 100, now)).toEqual({ key: 'time_just_now' });
  });

  it('translates with plural rules', async () => {
    await activateLanguage('en');
    expect(relativeLabel(now - 60, t, now)).toBe('just now');
    expect(relativeLabel(now - 5 * MINUTE, t, now)).toBe('5 minutes ago');
    expect(relativeLabel(now - HOUR, t, now)).toBe('1 hour ago');
    expect(relativeLabel(now - 3 * DAY, t, now)).toBe('3 days ago');
    await activateLanguage('ru');
    expect(relativeLabel(now - 21 * HOUR, t, now)).toBe('21 час назад');
    expect(relativeLabel(now - 5 * DAY, t, now)).toBe('5 дней назад');
    await activateLanguage('vi');
    expect(relativeLabel(now - 2 * HOUR, t, now)).toBe('2 giờ trước');
  });

  it('labels each side of every boundary in several languages', async () => {
    const sides: [number, Record<string, string>][] = [
      [5 * MINUTE - 1, { ja: 'たった今', zh: '刚刚', ko: '방금' }],
      [5 * MINUTE, { ja: '5 分前', zh: '5 分钟前', ko: '5분 전' }],
      [HOUR - 1, { ja: '59 分前', zh: '59 分钟前', ko: '59분 전' }],
      [HOUR, { ja: '1 時間前', zh: '1 小时前', ko: '1시간 전' }],
      [DAY - 1, { ja: '23 時間前', zh: '23 小时前', ko: '23시간 전' }],
      [DAY, { ja: '1 日前', zh: '1 天前', ko: '1일 전' }],
      [30 * DAY - 1, { ja: '29 日前', zh: '29 天前', ko: '29일 전' }],
    ];
    for (const lang of ['ja', 'zh', 'ko'] as const) {
      await activateLanguage(lang);
      for (const [age, labels] of sides)
        expect(relativeLabel(now - age, t, now)).toBe(labels[lang]);
      expect(relativeLabel(now - 30 * DAY, t, now)).toBe(formatDate(now - 30 * DAY));
    }
  });

  it('follows the server clock', () => {
    setServerTime(now, (now - 30) * 1000);
    expect(serverNow((now - 30) * 1000)).toBe(now);
    setServerTime(0, 0);
  });
});
