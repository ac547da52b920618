// The list of a player's deposits or withdrawals: a status filter and one card per record with
// its review state (and the operator's reason when refused).
import { useState, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Badge } from '@/components/badge';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { PageHeader } from '@/components/page-header';
import { Money } from '@/components/money';
import { When } from '@/components/when';
import { statusOf } from '@/features/wallet/parts/status';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';
import { ROUTES } from '@/lib/routes';

/** What both record kinds have. */
export type ReviewedRecord = {
  id: number;
  method: string;
  amount: MoneyText;
  status: string;
  reason: string;
  created_at: number;
};

type Props<S extends string, R extends ReviewedRecord> = {
  title: MessageKey;
  statuses: readonly S[];
  useRecords: (status: S | '') => UseInfiniteQueryResult<InfiniteData<Paged<R>>>;
  emptyText: MessageKey;
  emptyAction: ReactNode;
  testId: string;
  /** After the method in the card's title, e.g. the masked account. */
  subtitle: (record: R) => ReactNode;
  /** Beside the amount, e.g. the fee or the amount paid. */
  detail: (record: R) => ReactNode;
  /** Left of the time in the card's last line. */
  footnote: (record: R) => ReactNode;
  /** Under a record still waiting for review. */
  pendingNote?: ReactNode | ((record: R) => ReactNode);
};

const REFUSED = ['rejected', 'failed'];

export function ReviewedRecordsPage<S extends string, R extends ReviewedRecord>(
  props: Props<S, R>,
) {
  const { t } = useI18n();
  const [status, setStatus] = useState<S | ''>('');
  const query = props.useRecords(status);

  return (
    <main className="page">
      <PageHeader title={t(props.title)} back fallback={ROUTES.account} />
      <div className="page-body">
        <Chips
          label={t('filter_status')}
          value={status}
          onChange={setStatus}
          choices={[
            { value: '' as const, label: t('filter_all') },
            ...props.statuses.map((value) => ({ value, label: t(statusOf(value).key) })),
          ]}
        />
        <InfiniteList
          query={query}
          label={t(props.title)}
          keyOf={(record: R) => record.id}
          emptyTitle={t('records_empty')}
          emptyText={t(props.emptyText)}
          emptyAction={props.emptyAction}
          render={(record) => {
            const state = statusOf(record.status);
            return (
              <article className={styles.record} data-testid={props.testId}>
                <div className={styles.recordHead}>
                  <span className={styles.recordTitle}>
                    {record.method === 'usdt' ? t('method_usdt') : t('method_bank')}{' '}
                    {props.subtitle(record)}
                  </span>
                  <Badge tone={state.tone}>{t(state.key)}</Badge>
                </div>
                <div className={styles.recordHead}>
                  <span className={styles.recordAmount}>
                    <Money value={record.amount} />
                  </span>
                  <span className={styles.recordMeta}>{props.detail(record)}</span>
                </div>
                {record.status === 'pending'
                  ? typeof props.pendingNote === 'function'
                    ? props.pendingNote(record)
                    : props.pendingNote
                  : null}
                {REFUSED.includes(record.status) && record.reason !== '' ? (
                  <p className={styles.reason}>
                    {t('record_reason')}: {record.reason}
                  </p>
                ) : null}
                <div className={styles.recordMeta}>
                  <span>{props.footnote(record)}</span>
                  <When at={record.created_at} />
                </div>
              </article>
            );
          }}
        />
      </div>
    </main>
  );
}
