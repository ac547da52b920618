// The app version as the server reports it (api/index/config `version`, the binary's own, which
// `fairhall --version` prints too), for the settings and about screens; nothing until it is known.
import styles from '@/components/ui.module.css';
import { useConfig } from '@/hooks/use-config';
import { useI18n } from '@/i18n/i18n';

export function AppVersion() {
  const { t } = useI18n();
  const version = useConfig().data?.version ?? '';
  if (version === '') return null;
  return (
    <p className={styles.appVersion} data-testid="app-version">
      {t('app_version', { version })}
    </p>
  );
}
