// pages/yn28/info/rechargerecord — the player's deposits with their review state.
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useRechargeRecords, type DepositRecord, type DepositStatus } from '@/features/wallet/api/recharge-records';
import { statusOf } from '@/features/wallet/parts/status';
import { When } from '@/features/wallet/parts/when';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

const STATUSES: readonly DepositStatus[] = ['pending', 'passed', 'rejected'];

export function Component() {
  const { t } = useI18n();
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const query = useRechargeRecords(status);

  return (
    <main className="page">
      <PageHeader title={t('recharge_records_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <Chips
          label={t('filter_status')}
          value={status}
          onChange={setStatus}
          choices={[{ value: '' as const, label: t('filter_all') }, ...STATUSES.map((value) => ({ value, label: t(statusOf(value).key) }))]}
        />
        <InfiniteList
          query={query}
          label={t('recharge_records_title')}
          keyOf={(record: DepositRecord) => record.id}
          emptyTitle={t('records_empty')}
          emptyText={t('recharge_records_empty_text')}
          emptyAction={<LinkButton to={ROUTES.deposit}>{t('deposit_title')}</LinkButton>}
          render={(record) => {
            const state = statusOf(record.status);
            return (
              <article className={styles.record} data-testid="recharge-record">
                <div className={styles.recordHead}>
                  <span className={styles.recordTitle}>
                    {record.method === 'usdt' ? t('method_usdt') : t('method_bank')} #{record.id}
                  </span>
                  <Badge tone={state.tone}>{t(state.key)}</Badge>
                </div>
                <div className={styles.recordHead}>
                  <span className={styles.recordAmount}>
                    <Money value={record.amount} />
                  </span>
                  <span className={styles.recordMeta}>
                    {t('pay_amount')}: {formatMoney(record.pay_amount)} {record.currency}
                  </span>
                </div>
                {record.status === 'rejected' && record.reason !== '' ? (
                  <p className={styles.reason}>
                    {t('record_reason')}: {record.reason}
                  </p>
                ) : null}
                <div className={styles.recordMeta}>
                  <span>{record.content}</span>
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
