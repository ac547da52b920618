// pages/system/choose-location — the countries or regions of the operator's config
// ([[app.locations]]): flag, name, dialling code and currency. Picking one opens
// pages/system/open-location to confirm it; `?next=` is handed on to where the player goes after.
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { CheckCircleIcon, ChevronRightIcon } from '@/components/icons-extra';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import styles from '@/features/system/parts/system.module.css';
import { useConfig } from '@/hooks/use-config';
import { useI18n } from '@/i18n/i18n';
import { mediaUrl } from '@/lib/api';
import { useChosenLocationCode } from '@/lib/location';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const config = useConfig();
  const chosen = useChosenLocationCode();
  const [params] = useSearchParams();
  const next = params.get('next');

  const target = (code: string) => {
    const query = new URLSearchParams({ code });
    if (next !== null) query.set('next', next);
    return `${ROUTES.openLocation}?${query.toString()}`;
  };

  let body;
  if (config.data === undefined) {
    body = config.isError ? (
      <Empty
        icon={<AlertIcon size={38} />}
        title={t('config_failed')}
        action={
          <Button onClick={() => void config.refetch()} loading={config.isFetching}>
            {t('retry')}
          </Button>
        }
      />
    ) : (
      <LoadingView label={t('loading')} />
    );
  } else if (config.data.locations.length === 0) {
    body = <Empty title={t('location_none_title')} text={t('location_none_text')} />;
  } else {
    body = (
      <ul className={styles.list}>
        {config.data.locations.map((location) => (
          <li key={location.code}>
            <Link
              className={styles.row}
              to={target(location.code)}
              aria-current={location.code === chosen ? 'true' : undefined}
            >
              <img
                className={styles.flag}
                src={mediaUrl(location.picture)}
                alt={t('location_flag_alt', { name: location.name })}
              />
              <span className={styles.rowText}>
                <strong>{location.name}</strong>
                <span>
                  {location.dialling_code} · {location.currency}
                </span>
              </span>
              {location.code === chosen ? (
                <>
                  <CheckCircleIcon size={20} />
                  <span className="sr-only">{t('location_current')}</span>
                </>
              ) : (
                <ChevronRightIcon size={20} />
              )}
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <main className="page">
      <PageHeader title={t('location_choose_title')} back fallback={ROUTES.login} />
      <div className="page-body">
        <p style={{ color: 'var(--muted)', fontSize: 14 }}>{t('location_choose_text')}</p>
        {body}
      </div>
    </main>
  );
}
