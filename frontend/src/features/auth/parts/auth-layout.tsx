import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import styles from '@/features/auth/parts/auth-layout.module.css';
import { BrandMark, ChevronLeftIcon, GlobeIcon } from '@/components/icons-extra';
import { useI18n } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';
import { ROUTES } from '@/lib/routes';

type Props = {
  title: string;
  subtitle: string;
  /** Back button target when there is no history to go back to. */
  backTo?: string;
  children: ReactNode;
  footer?: ReactNode;
};

/** The frame of the login, register and forgot-password screens. */
export function AuthLayout({ title, subtitle, backTo, children, footer }: Props) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else if (backTo !== undefined) void navigate(backTo, { replace: true });
  };
  return (
    <main className={styles.page}>
      <div className={styles.top}>
        {backTo === undefined ? null : (
          <button type="button" className={styles.back} onClick={goBack} aria-label={t('back')}>
            <ChevronLeftIcon size={22} />
          </button>
        )}
        <Link to={ROUTES.language} className={styles.lang}>
          <GlobeIcon size={16} />
          <span className="sr-only">{t('lang_title')}: </span>
          {languageOf(lang).native}
        </Link>
      </div>
      <div className={styles.hero}>
        <div className={styles.brand}>
          <BrandMark size={36} />
          {t('app_name')}
        </div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      <div className={styles.card}>{children}</div>
      {footer === undefined ? null : <div className={styles.footer}>{footer}</div>}
    </main>
  );
}
