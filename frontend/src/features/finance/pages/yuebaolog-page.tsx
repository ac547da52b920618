// pages/lc/yuebaolog — the savings log: moves in and out and the daily interest, newest first.
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import { When } from '@/components/when';
import { useSavingsLog, type SavingsRecord } from '@/features/finance/api/savings';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { formatMoney, signOf } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

const KIND_KEYS: Record<string, MessageKey> = {
  savings_in: 'kind_savings_in',
  savings_out: 'kind_savings_out',
  interest: 'kind_interest',
};

export function Component() {
  const { t } = useI18n();
  const query = useSavingsLog();
  return (
    <main className="page">
      <PageHeader title={t('yuebaolog_title')} back fallback={ROUTES.yuebao} />
      <div className="page-body">
        <InfiniteList
          query={query}
          label={t('yuebaolog_title')}
          keyOf={(record: SavingsRecord) => record.id}
          emptyTitle={t('savings_records_empty_title')}
          emptyText={t('savings_records_empty_text')}
          emptyAction={<LinkButton to={ROUTES.yuebao}>{t('yuebao_title')}</LinkButton>}
          render={(record) => {
            const kind = KIND_KEYS[record.kind];
            const sign = signOf(record.amount);
            return (
              <article className="card" data-testid="savings-record">
                <Rows
                  label={kind === undefined ? record.kind : t(kind)}
                  rows={[
                    {
                      label: kind === undefined ? record.kind : t(kind),
                      value: `${sign > 0 ? '+' : ''}${formatMoney(record.amount)}`,
                      strong: true,
                    },
                    { label: t('balance_after'), value: formatMoney(record.balance_after) },
                    {
                      label: record.kind === 'interest' ? record.memo : t('yuebao_time'),
                      value: <When at={record.created_at} />,
                    },
                  ]}
                />
              </article>
            );
          }}
        />
      </div>
    </main>
  );
}
