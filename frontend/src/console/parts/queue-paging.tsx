// The paging every review queue shares: the server's page of a queue (sorted and paged there),
// the page number in the URL (?page=N), the step back when reviews elsewhere empty the last
// page, and the Previous / Page N of M / Next bar.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { useText } from '@/console/i18n/i18n';
import styles from '@/console/pages/pages.module.css';

/** A page of a queue as the server sends it. */
export type QueuePage<T> = { total: number; page: number; page_size: number; list: T[] };

/** Pages of the queue: at least one, also when it is empty. */
export const pageCount = (page: QueuePage<unknown>): number =>
  Math.max(1, Math.ceil(page.total / Math.max(1, page.page_size)));

/** The page of the URL: a whole number from 1. */
function pageOf(text: string | null): number {
  const page = Number.parseInt(text ?? '', 10);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The page the URL asks for, and how to go to another. */
export function useUrlPage(): { page: number; goTo: (page: number) => void } {
  const [params, setParams] = useSearchParams();
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  return { page: pageOf(params.get('page')), goTo };
}

/** Reviews elsewhere can empty the last page: steps back to the new last one. */
export function useStepBackPastTheEnd(data: QueuePage<unknown> | undefined, page: number): void {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (data === undefined || data.page !== page) return;
    const last = pageCount(data);
    if (page > last) setParams(last === 1 ? {} : { page: String(last) }, { replace: true });
  }, [data, page, setParams]);
}

export function QueuePaging({
  data,
  onPage,
}: {
  data: QueuePage<unknown>;
  onPage: (page: number) => void;
}) {
  const { t } = useText();
  const pages = pageCount(data);
  return (
    <nav className={styles.paging} aria-label={t('paging_label')}>
      <Button
        variant="ghost"
        size="small"
        disabled={data.page <= 1}
        onClick={() => onPage(data.page - 1)}
      >
        {t('page_previous')}
      </Button>
      <span className={styles.pageOf} aria-live="polite">
        {t('page_of', { page: data.page, pages })}
      </span>
      <Button
        variant="ghost"
        size="small"
        disabled={data.page >= pages}
        onClick={() => onPage(data.page + 1)}
      >
        {t('page_next')}
      </Button>
    </nav>
  );
}
