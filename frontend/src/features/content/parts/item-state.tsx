// What a content detail page shows while its item loads, when it is gone (HTTP 404: unknown,
// deleted, ended or in no language for this reader) and when loading failed.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { DocIcon } from '@/components/icons-extra';
import { LinkButton } from '@/components/link-button';
import { LoadingView } from '@/components/loading';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';

type Props<T> = {
  /** null when the link carries no valid id or slug: shown as missing. */
  query: UseQueryResult<T> | null;
  missingTitle: string;
  missingText: string;
  failedTitle: string;
  /** Where the missing state leads, and its label. */
  listPath: string;
  listLabel: string;
  children: (item: T) => ReactNode;
};

export function ItemState<T>({
  query,
  missingTitle,
  missingText,
  failedTitle,
  listPath,
  listLabel,
  children,
}: Props<T>) {
  const { t } = useI18n();
  const missing = (
    <Empty
      icon={<DocIcon size={38} />}
      title={missingTitle}
      text={missingText}
      action={
        <LinkButton to={listPath} replace>
          {listLabel}
        </LinkButton>
      }
    />
  );
  if (query === null) return missing;
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (!query.isError) return <LoadingView label={t('loading')} />;
  if (query.error instanceof ApiError && query.error.status === 404) return missing;
  return (
    <Empty
      icon={<AlertIcon size={38} />}
      title={failedTitle}
      action={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('retry')}
        </Button>
      }
    />
  );
}

/** An id as a link carries it: a positive integer, or null for anything else. */
export function idOf(text: string | null): number | null {
  return text !== null && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}
