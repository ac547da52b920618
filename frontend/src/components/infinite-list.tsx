// A list that loads its next page when the end scrolls into view (with a button as fallback).
import { useEffect, useRef, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { LoadingView } from '@/components/loading';
import styles from '@/components/list.module.css';
import { useI18n } from '@/i18n/i18n';
import type { Paged } from '@/lib/paging';

type Props<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  keyOf: (item: T) => string | number;
  render: (item: T) => ReactNode;
  emptyTitle: string;
  emptyText?: string;
  emptyAction?: ReactNode;
  /** What failed to load, when the first page fails; "Could not load the records" otherwise. */
  errorTitle?: string;
  label: string;
};

export function InfiniteList<T>({
  query,
  keyOf,
  render,
  emptyTitle,
  emptyText,
  emptyAction,
  errorTitle,
  label,
}: Props<T>) {
  const { t } = useI18n();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const element = sentinel.current;
    if (element === null || !hasNextPage || typeof IntersectionObserver === 'undefined')
      return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
        void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.data === undefined) {
    if (query.isError) {
      return (
        <Empty
          icon={<AlertIcon size={38} />}
          title={errorTitle ?? t('list_failed')}
          action={
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('retry')}
            </Button>
          }
        />
      );
    }
    return <LoadingView label={t('loading')} />;
  }

  const items = query.data.pages.flatMap((page) => page.list);
  if (items.length === 0) return <Empty title={emptyTitle} text={emptyText} action={emptyAction} />;
  const total = query.data.pages[0]?.total ?? items.length;

  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {items.map((item) => (
          <li key={keyOf(item)} className={styles.item}>
            {render(item)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.footer}>
        {hasNextPage ? (
          <Button
            variant="ghost"
            size="small"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
          >
            {t('load_more')}
          </Button>
        ) : (
          <span>{t('list_end', { n: total })}</span>
        )}
      </div>
    </>
  );
}
