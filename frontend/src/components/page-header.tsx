import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ChevronLeftIcon } from '@/components/icons-extra';
import styles from '@/components/page-header.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

type Props = {
  title: string;
  /** Show a back button; goes back in history, or to `fallback` when the page was opened directly. */
  back?: boolean;
  fallback?: string;
  action?: ReactNode;
};

export function PageHeader({ title, back = false, fallback = ROUTES.home, action }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  return (
    <header className={styles.header}>
      {back ? (
        <button type="button" className={styles.iconButton} onClick={goBack} aria-label={t('back')}>
          <ChevronLeftIcon />
        </button>
      ) : (
        <span />
      )}
      <h1 className={styles.headerTitle}>{title}</h1>
      {action ?? <span />}
    </header>
  );
}
