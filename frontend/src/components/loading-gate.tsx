import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { LoadingView } from '@/components/loading';
import { useI18n } from '@/i18n/i18n';

type QueryLike = { isError: boolean; isFetching: boolean; refetch: () => unknown };

/** Renders `children` once every query has data; a spinner before, a retry on failure. */
export function LoadingGate({
  queries,
  ready,
  children,
}: {
  queries: readonly QueryLike[];
  ready: boolean;
  children: () => ReactNode;
}) {
  const { t } = useI18n();
  if (ready) return children();
  const failed = queries.filter((query) => query.isError);
  if (failed.length > 0) {
    return (
      <Empty
        icon={<AlertIcon size={38} />}
        title={t('load_failed')}
        action={
          <Button
            onClick={() => failed.forEach((query) => void query.refetch())}
            loading={failed.some((query) => query.isFetching)}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return <LoadingView label={t('loading')} />;
}
