// pages/login/lang — choose the app language (stored on the device, texts reload at once).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styles from '@/features/auth/pages/lang-page.module.css';
import { CheckIcon } from '@/components/icons-extra';
import { PageHeader } from '@/components/page-header';
import { useConfig } from '@/hooks/use-config';
import { useToken } from '@/hooks/use-session';
import { chooseLanguage, useI18n } from '@/i18n/i18n';
import { LANGUAGES, type LangCode } from '@/i18n/languages';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const token = useToken();
  const offered = useConfig().data?.languages ?? [];
  const [busy, setBusy] = useState<LangCode | null>(null);
  const fallback = token === null ? ROUTES.login : ROUTES.mine;

  // The server may restrict the list; an empty or unknown list means all 14.
  const shown = LANGUAGES.filter((language) => offered.includes(language.code));
  const languages = shown.length > 0 ? shown : LANGUAGES;

  const choose = async (code: LangCode) => {
    if (busy !== null) return;
    setBusy(code);
    try {
      await chooseLanguage(code);
    } catch {
      toast(t('err_network'), 'error');
      setBusy(null);
      return;
    }
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };

  return (
    <div className="page">
      <PageHeader title={t('lang_title')} back fallback={fallback} />
      <div className="page-body">
        <p className={styles.subtitle}>{t('lang_subtitle')}</p>
        <ul className={`card ${styles.list}`} role="radiogroup" aria-label={t('lang_title')}>
          {languages.map((language) => {
            const selected = language.code === lang;
            return (
              <li key={language.code} className={styles.item} role="none">
                <button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  lang={language.tag}
                  className={styles.option}
                  onClick={() => void choose(language.code)}
                  aria-busy={busy === language.code || undefined}
                >
                  <span className={styles.code} aria-hidden="true">
                    {language.code}
                  </span>
                  <span className={styles.name}>{language.native}</span>
                  {selected ? <CheckIcon className={styles.check} size={20} /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
