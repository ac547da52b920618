// pages/events/index — the operator's live activities, in his order: picture, title, summary
// and period. Ended activities drop off (the server stops listing them).
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { GiftIcon } from '@/components/icons-extra';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { useActivities, type ActivityItem } from '@/features/content/api/items';
import styles from '@/features/content/parts/content.module.css';
import { Period } from '@/features/content/parts/period';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('events_title')} back />
      <div className="page-body">
        <Activities />
      </div>
    </main>
  );
}

function Activities() {
  const { t } = useI18n();
  const query = useActivities();
  if (query.isError) {
    return (
      <Empty
        icon={<AlertIcon size={38} />}
        title={t('events_failed')}
        action={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (query.data === undefined) return <LoadingView label={t('loading')} />;
  if (query.data.list.length === 0) {
    return (
      <Empty
        icon={<GiftIcon size={38} />}
        title={t('events_empty_title')}
        text={t('events_empty_text')}
      />
    );
  }
  return (
    <ul className={styles.cards} aria-label={t('events_title')}>
      {query.data.list.map((activity, index) => (
        <li key={activity.id}>
          <ActivityCard activity={activity} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
}

function ActivityCard({ activity, eager }: { activity: ActivityItem; eager: boolean }) {
  return (
    <Link
      to={`${ROUTES.eventDetails}?id=${activity.id}`}
      className={styles.card}
      data-testid="activity-item"
    >
      {activity.picture === null ? null : (
        <img
          className={styles.picture}
          src={activity.picture}
          alt=""
          width={390}
          height={171}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      )}
      <span className={styles.cardText}>
        <strong className={styles.title}>{activity.title}</strong>
        {activity.summary === '' ? null : (
          <span className={styles.summary}>{activity.summary}</span>
        )}
        <span className={styles.meta}>
          <Period start={activity.start_at} end={activity.end_at} />
        </span>
      </span>
    </Link>
  );
}
