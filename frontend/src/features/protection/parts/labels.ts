// The protection screens' labels for the server's periods and durations.
import type { MessageKey, Translate } from '@/i18n/i18n';
import type { LimitPeriod } from '@/lib/protection';

const PERIODS: Record<LimitPeriod, MessageKey> = {
  day: 'protection_period_day',
  week: 'protection_period_week',
  month: 'protection_period_month',
};

export const periodLabel = (period: LimitPeriod, t: Translate): string => t(PERIODS[period]);

const DURATIONS: Record<string, MessageKey> = {
  '24h': 'protection_duration_24h',
  '7d': 'protection_duration_7d',
  '30d': 'protection_duration_30d',
  '6m': 'protection_duration_6m',
  '1y': 'protection_duration_1y',
  '2y': 'protection_duration_2y',
  '5y': 'protection_duration_5y',
};

/** "7 days" for "7d"; a duration this version does not know shows as the server names it. */
export function durationLabel(duration: string, t: Translate): string {
  const key = DURATIONS[duration];
  return key === undefined ? duration : t(key);
}
