// pages/events/details?id=N — one activity: picture, title, period and its body.
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useActivity, type Activity } from '@/features/content/api/items';
import styles from '@/features/content/parts/content.module.css';
import { idOf, ItemState } from '@/features/content/parts/item-state';
import { Period } from '@/features/content/parts/period';
import { RichText } from '@/features/content/parts/rich-text';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <main className="page">
      <PageHeader title={t('events_details_title')} back fallback={ROUTES.events} />
      <div className="page-body">
        {id === null ? <Details query={null} /> : <ActivityById id={id} />}
      </div>
    </main>
  );
}

function ActivityById({ id }: { id: number }) {
  return <Details query={useActivity(id)} />;
}

function Details({ query }: { query: ReturnType<typeof useActivity> | null }) {
  const { t } = useI18n();
  return (
    <ItemState
      query={query}
      missingTitle={t('events_missing_title')}
      missingText={t('events_missing_text')}
      failedTitle={t('events_failed')}
      listPath={ROUTES.events}
      listLabel={t('events_all')}
    >
      {(activity: Activity) => (
        <article className={`card ${styles.article}`}>
          {activity.picture === null ? null : (
            <img
              className={styles.picture}
              src={activity.picture}
              alt=""
              width={390}
              height={171}
            />
          )}
          <h2 className={styles.articleTitle}>{activity.title}</h2>
          <p className={styles.meta}>
            <Period start={activity.start_at} end={activity.end_at} />
          </p>
          <RichText html={activity.body} />
        </article>
      )}
    </ItemState>
  );
}
