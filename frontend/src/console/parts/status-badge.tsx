import { Badge, type BadgeTone } from '@/components/badge';
import { useText, type TextKey } from '@/console/i18n/i18n';

const LABELS: Record<string, { key: TextKey; tone: BadgeTone }> = {
  pending: { key: 'status_pending', tone: 'wait' },
  passed: { key: 'status_passed', tone: 'ok' },
  paid: { key: 'status_paid', tone: 'ok' },
  rejected: { key: 'status_rejected', tone: 'bad' },
  failed: { key: 'status_failed', tone: 'bad' },
};

/** A deposit's or withdrawal's status (a withdrawal passed is paid); an unknown one as sent. */
export function StatusBadge({
  status,
  withdrawal = false,
}: {
  status: string;
  withdrawal?: boolean;
}) {
  const { t } = useText();
  const known = LABELS[withdrawal && status === 'passed' ? 'paid' : status];
  return <Badge tone={known?.tone ?? 'muted'}>{known === undefined ? status : t(known.key)}</Badge>;
}

export function useMethodLabel(): (method: string) => string {
  const { t } = useText();
  return (method) =>
    method === 'bank' ? t('method_bank') : method === 'usdt' ? t('method_usdt') : method;
}
