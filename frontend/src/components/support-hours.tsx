// The operator's support hours with "open now" or "closed" (computed by the server from the
// hours and the operator's time zone): on the customer and Telegram pages.
import { Badge } from '@/components/badge';
import { useI18n } from '@/i18n/i18n';

type Props = { hours: string; timezone: string; openNow: boolean };

export function SupportHours({ hours, timezone, openNow }: Props) {
  const { t } = useI18n();
  return (
    <p style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', fontSize: 14 }}>
      <Badge tone={openNow ? 'ok' : 'muted'}>
        {openNow ? t('support_open_now') : t('support_closed')}
      </Badge>
      <span>{t('support_hours', { hours, timezone })}</span>
    </p>
  );
}
