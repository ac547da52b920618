// The unread count of the message list as a small red badge (the mine page's entry, the home
// page's bell). Nothing shows while nothing is unread.
import styles from '@/components/unread-badge.module.css';
import { useI18n } from '@/i18n/i18n';

/** Counts above this show as "99+". */
const COUNT_SHOWN_MAX = 99;

export function UnreadBadge({ count }: { count: number | undefined }) {
  const { t } = useI18n();
  if (count === undefined || count <= 0) return null;
  const shown = count > COUNT_SHOWN_MAX ? `${COUNT_SHOWN_MAX}+` : String(count);
  return (
    <span className={styles.badge} data-testid="unread-badge">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('notice_unread_count', { n: count })}</span>
    </span>
  );
}
