import styles from '@/console/app/shell.module.css';
import { CONSOLE_LANGS, chooseLanguage, useText } from '@/console/i18n/i18n';

/** English / 中文, each named in its own language; the pressed one is active. */
export function LanguageSwitch() {
  const { lang, t } = useText();
  return (
    <div className={styles.languages} role="group" aria-label={t('language')}>
      {CONSOLE_LANGS.map((language) => (
        <button
          key={language.code}
          type="button"
          lang={language.tag}
          className={styles.language}
          aria-pressed={lang === language.code}
          onClick={() => void chooseLanguage(language.code)}
        >
          {language.native}
        </button>
      ))}
    </div>
  );
}
