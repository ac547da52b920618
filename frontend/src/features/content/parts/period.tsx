// An activity's period: "from – until", either end open.
import { useI18n } from '@/i18n/i18n';
import { formatDate } from '@/lib/time';

export function Period({ start, end }: { start: number | null; end: number | null }) {
  const { t } = useI18n();
  if (start === null && end === null) return <>{t('events_always')}</>;
  if (end === null) return <>{t('events_from', { date: formatDate(start ?? 0) })}</>;
  if (start === null) return <>{t('events_until', { date: formatDate(end) })}</>;
  return <>{t('events_period', { start: formatDate(start), end: formatDate(end) })}</>;
}
