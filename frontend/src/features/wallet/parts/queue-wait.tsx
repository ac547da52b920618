// How long a withdrawal has waited in the operator's review queue, counted on the server's
// clock: "Waiting 2 h 10 min".
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n, type MessageKey } from '@/i18n/i18n';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** "12 min", "2 h 10 min", "3 d 4 h". */
export function waitDuration(secs: number, t: Translate): string {
  const minutes = Math.floor(Math.max(0, secs) / 60);
  if (minutes < 60) return t('duration_minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('duration_hours_minutes', { h: hours, m: minutes % 60 });
  return t('duration_days_hours', { d: Math.floor(hours / 24), h: hours % 24 });
}

export function QueueWait({ secs }: { secs: number }) {
  const { t } = useI18n();
  return (
    <span className={styles.queueWait} data-testid="queue-wait">
      {t('queue_waiting', { duration: waitDuration(secs, t) })}
    </span>
  );
}
