// pages/framebox — an external page the operator allows (`?url=`, optional `?title=`) in a frame
// under a header with a back button. Only an address whose origin is in `app.frame_allow` is
// shown; anything else is refused here, and the server's CSP `frame-src` (the same list) makes
// the browser refuse it too.
import { useSearchParams } from 'react-router';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import styles from '@/features/system/parts/system.module.css';
import { useConfig } from '@/hooks/use-config';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

/** The address when it is http(s) and its origin is on the allow-list, else null. */
export function allowedFrameUrl(text: string | null, allowed: readonly string[]): string | null {
  if (text === null) return null;
  try {
    const url = new URL(text);
    const webPage = url.protocol === 'https:' || url.protocol === 'http:';
    return webPage && allowed.includes(url.origin) ? url.href : null;
  } catch {
    return null;
  }
}

export function Component() {
  const { t } = useI18n();
  const config = useConfig();
  const [params] = useSearchParams();
  const title = params.get('title')?.trim() || t('framebox_title');

  let body;
  if (config.data === undefined) {
    body = <LoadingView label={t('loading')} />;
  } else {
    const url = allowedFrameUrl(params.get('url'), config.data.frame_allow);
    body =
      url === null ? (
        <Empty
          icon={<AlertIcon size={38} />}
          title={t('framebox_refused_title')}
          text={t('framebox_refused_text')}
        />
      ) : (
        <iframe
          className={styles.frame}
          src={url}
          title={title}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      );
  }

  return (
    <main className={`page ${styles.framePage}`}>
      <PageHeader title={title} back fallback={ROUTES.home} />
      {body}
    </main>
  );
}
