// How long something has waited, for a reviewer: "under 1 min", "3 min", "2 h 5 min",
// "1 d 4 h" (whole units, rounded down).
import type { Translate } from '@/console/i18n/i18n';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatAge(seconds: number, t: Translate): string {
  const secs = Math.max(0, Math.floor(seconds));
  if (secs < MINUTE) return t('age_under_minute');
  if (secs < HOUR) return t('age_minutes', { m: Math.floor(secs / MINUTE) });
  if (secs < DAY)
    return t('age_hours', { h: Math.floor(secs / HOUR), m: Math.floor((secs % HOUR) / MINUTE) });
  return t('age_days', { d: Math.floor(secs / DAY), h: Math.floor((secs % DAY) / HOUR) });
}
