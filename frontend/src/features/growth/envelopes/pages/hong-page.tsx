// pages/cc/hong — Red envelope: claim one by its code, see what it brought and the record of
// claims; at ?id=N, one claimed envelope with every claim and the luckiest marked.
import { useSearchParams } from 'react-router';
import { Empty } from '@/components/empty';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { useEnvelopeDetail } from '@/features/growth/envelopes/api/envelope-detail';
import {
  useEnvelopeRecords,
  type ClaimRecord,
} from '@/features/growth/envelopes/api/envelope-records';
import { ClaimForm } from '@/features/growth/envelopes/parts/claim-form';
import { ClaimRecordCard } from '@/features/growth/envelopes/parts/claim-record-card';
import { EnvelopeDetailView } from '@/features/growth/envelopes/parts/envelope-detail-view';
import styles from '@/features/growth/envelopes/parts/envelope.module.css';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id === null ? <ClaimPage /> : <DetailPage id={id} />;
}

function ClaimPage() {
  const { t } = useI18n();
  const records = useEnvelopeRecords();
  return (
    <main className="page">
      <PageHeader title={t('envelope_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <ClaimForm />
        <h2 className={styles.listTitle}>{t('envelope_records_title')}</h2>
        <InfiniteList
          query={records}
          label={t('envelope_records_title')}
          keyOf={(record: ClaimRecord) => record.envelope_id}
          emptyTitle={t('envelope_records_empty_title')}
          emptyText={t('envelope_records_empty_text')}
          render={(record) => <ClaimRecordCard record={record} />}
        />
      </div>
    </main>
  );
}

function DetailPage({ id }: { id: string }) {
  const { t } = useI18n();
  const query = useEnvelopeDetail(id);
  // The server's refusal (not_found is HTTP 404, bad_params 200): not an envelope this player
  // claimed, rather than a failure to load worth a retry.
  const missing =
    query.error instanceof ApiError && (query.error.status === 200 || query.error.status === 404);
  return (
    <main className="page">
      <PageHeader title={t('envelope_detail_title')} back fallback={ROUTES.ccHong} />
      <div className="page-body">
        {missing ? (
          <Empty
            title={t('envelope_not_found_title')}
            text={t('envelope_not_found_text')}
            action={
              <LinkButton to={ROUTES.ccHong} replace>
                {t('envelope_title')}
              </LinkButton>
            }
          />
        ) : (
          <LoadingGate queries={[query]} ready={query.data !== undefined}>
            {() => (query.data === undefined ? null : <EnvelopeDetailView envelope={query.data} />)}
          </LoadingGate>
        )}
      </div>
    </main>
  );
}
