import { Link } from 'react-router';
import { useText } from '@/console/i18n/i18n';
import styles from '@/console/pages/pages.module.css';

export function NotFoundPage() {
  const { t } = useText();
  return (
    <>
      <h1 className={styles.title}>{t('not_found_title')}</h1>
      <p>
        <Link to="/">{t('not_found_link')}</Link>
      </p>
    </>
  );
}
