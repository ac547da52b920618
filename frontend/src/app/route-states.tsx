// What the router shows while a page loads, when it fails, and for unknown paths.
import { isRouteErrorResponse, Link, useNavigation, useRouteError } from 'react-router';
import styles from '@/app/states.module.css';
import { PageTimeoutError } from '@/app/lazy-page';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon, ClockIcon, CompassIcon } from '@/components/icons';
import { Delayed, LoadingView, ProgressBar } from '@/components/loading';
import { useI18n } from '@/i18n/i18n';
import { getToken } from '@/lib/session';
import { ROUTES } from '@/lib/routes';

/** First render, before the first page's chunk has arrived: a spinner, only after 200 ms. */
export function HydrateFallback() {
  const { t } = useI18n();
  return (
    <div className={styles.shell}>
      <Delayed>
        <LoadingView label={t('loading')} />
      </Delayed>
    </div>
  );
}

/** While a navigation loads the next page: a bar and a spinner, only after 200 ms. */
export function PendingNavigation() {
  const { t } = useI18n();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <Delayed>
      <ProgressBar label={t('loading')} />
      <div className={styles.pending}>
        <LoadingView label={t('loading')} />
      </div>
    </Delayed>
  );
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <div className={styles.shell}>
      <Empty
        icon={<CompassIcon size={38} />}
        title={t('not_found_title')}
        text={t('not_found_text')}
        action={
          <Link to={getToken() === null ? ROUTES.login : ROUTES.home} replace>
            {t('go_home')}
          </Link>
        }
      />
    </div>
  );
}

/** A page failed to load (network, time-out) or to render: explain and offer a retry. */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const timedOut = error instanceof PageTimeoutError;
  return (
    <div className={styles.shell}>
      <Empty
        icon={timedOut ? <ClockIcon size={38} /> : <AlertIcon size={38} />}
        title={t('page_load_failed_title')}
        text={timedOut ? t('page_timeout_text') : t('page_load_failed_text')}
        action={
          // A failed dynamic import stays failed for this document: reloading is the retry.
          <Button onClick={() => window.location.reload()}>{t('retry')}</Button>
        }
      />
    </div>
  );
}
