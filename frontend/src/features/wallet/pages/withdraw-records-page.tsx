// pages/yn28/info/withdrawalsrecord — the player's withdrawals with their review state.
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useWithdrawRecords, type WithdrawalRecord, type WithdrawalStatus } from '@/features/wallet/api/withdraw-records';
import { statusOf } from '@/features/wallet/parts/status';
import { When } from '@/features/wallet/parts/when';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

const STATUSES: readonly WithdrawalStatus[] = ['pending', 'passed', 'failed', 'rejected'];

export function Component() {
  const { t } = useI18n();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('');
  const query = useWithdrawRecords(status);

  return (
    <main className="page">
      <PageHeader title={t('withdraw_records_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <Chips
          label={t('filter_status')}
          value={status}
          onChange={setStatus}
          choices={[{ value: '' as const, label: t('filter_all') }, ...STATUSES.map((value) => ({ value, label: t(statusOf(value).key) }))]}
        />
        <InfiniteList
          query={query}
          label={t('withdraw_records_title')}
          keyOf={(record: WithdrawalRecord) => record.id}
          emptyTitle={t('records_empty')}
          emptyText={t('withdraw_records_empty_text')}
          emptyAction={<LinkButton to={ROUTES.withdraw}>{t('withdraw_title')}</LinkButton>}
          render={(record) => {
            const state = statusOf(record.status);
            return (
              <article className={styles.record} data-testid="withdraw-record">
                <div className={styles.recordHead}>
                  <span className={styles.recordTitle}>
                    {record.method === 'usdt' ? t('method_usdt') : t('method_bank')} · {record.account}
                  </span>
                  <Badge tone={state.tone}>{t(state.key)}</Badge>
                </div>
                <div className={styles.recordHead}>
                  <span className={styles.recordAmount}>
                    <Money value={record.amount} />
                  </span>
                  <span className={styles.recordMeta}>
                    {t('withdraw_fee')}: {formatMoney(record.fee)}
                  </span>
                </div>
                {(record.status === 'rejected' || record.status === 'failed') && record.reason !== '' ? (
                  <p className={styles.reason}>
                    {t('record_reason')}: {record.reason}
                  </p>
                ) : null}
                <div className={styles.recordMeta}>
                  <span>#{record.id}</span>
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
