import { useI18n } from '@/i18n/i18n';
import { formatDateTime, relativeLabel } from '@/lib/time';

/** A record's time: the relative label, with the exact time on hover and for screen readers. */
export function When({ at }: { at: number }) {
  const { t } = useI18n();
  const exact = formatDateTime(at);
  return (
    <time dateTime={new Date(at * 1000).toISOString()} title={exact}>
      {relativeLabel(at, t)}
    </time>
  );
}
