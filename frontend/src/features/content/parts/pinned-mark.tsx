import { PinIcon } from '@/components/icons-extra';
import styles from '@/features/content/parts/news.module.css';
import { useI18n } from '@/i18n/i18n';

/** Marks an article the operator pinned above the others. */
export function PinnedMark() {
  const { t } = useI18n();
  return (
    <span className={styles.pinned}>
      <PinIcon size={13} />
      {t('news_pinned')}
    </span>
  );
}
