// pages/lc/yuebaolog — the savings log: moves in and out and the daily interest, newest first.
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { PageHeader } from '@/components/page-header';
import { useSavingsLog, type SavingsRecord } from '@/features/finance/api/savings';
import { SavingsRecordCard } from '@/features/finance/parts/savings-record';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

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
          render={(record) => <SavingsRecordCard record={record} />}
        />
      </div>
    </main>
  );
}
