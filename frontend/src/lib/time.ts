// Server time and relative labels. Labels switch at 5 minutes, 1 hour, 1 day and 30 days:
//   < 5 min: just now · < 1 h: N minutes ago · < 1 day: N hours ago · < 30 days: N days ago ·
//   otherwise the calendar date.
import type { MessageKey } from '@/i18n/i18n';

export const MINUTE = 60;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

let offsetSeconds = 0;

/** Remembers how far the server clock is from ours (server minus local, seconds). */
export function setServerTime(serverNowSeconds: number, localNowMs = Date.now()): void {
  offsetSeconds = Math.round(serverNowSeconds - localNowMs / 1000);
}

/** Current server time in Unix seconds. */
export const serverNow = (localNowMs = Date.now()): number =>
  Math.floor(localNowMs / 1000) + offsetSeconds;

export type Relative =
  | { key: 'time_just_now' }
  | { key: 'time_minutes' | 'time_hours' | 'time_days'; n: number }
  | { key: 'date'; date: string };

const pad = (n: number): string => n.toString().padStart(2, '0');

/** "YYYY-MM-DD" in the viewer's time zone. */
export function formatDate(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "YYYY-MM-DD HH:mm:ss" in the viewer's time zone. */
export function formatDateTime(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${formatDate(unixSeconds)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function relativeTime(thenSeconds: number, nowSeconds: number = serverNow()): Relative {
  const age = Math.max(0, nowSeconds - thenSeconds);
  if (age < 5 * MINUTE) return { key: 'time_just_now' };
  if (age < HOUR) return { key: 'time_minutes', n: Math.floor(age / MINUTE) };
  if (age < DAY) return { key: 'time_hours', n: Math.floor(age / HOUR) };
  if (age < 30 * DAY) return { key: 'time_days', n: Math.floor(age / DAY) };
  return { key: 'date', date: formatDate(thenSeconds) };
}

/** The translated label, e.g. "12 minutes ago". */
export function relativeLabel(
  thenSeconds: number,
  translate: (key: MessageKey, params?: Record<string, string | number>) => string,
  nowSeconds?: number,
): string {
  const rel = relativeTime(thenSeconds, nowSeconds);
  if (rel.key === 'date') return rel.date;
  if (rel.key === 'time_just_now') return translate(rel.key);
  return translate(rel.key, { n: rel.n });
}
