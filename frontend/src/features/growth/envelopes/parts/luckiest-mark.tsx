import styles from '@/features/growth/envelopes/parts/envelope.module.css';
import { useI18n } from '@/i18n/i18n';

/** The "luckiest" mark of the claim that holds an envelope's largest share. */
export function LuckiestMark() {
  const { t } = useI18n();
  return (
    <span className={styles.luckiest} data-testid="envelope-luckiest">
      ★ {t('envelope_luckiest')}
    </span>
  );
}
