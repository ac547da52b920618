// The news list: pinned articles first, then the newest first, loaded a page at a time.
import { Link } from 'react-router';
import { InfiniteList } from '@/components/infinite-list';
import { PageHeader } from '@/components/page-header';
import { When } from '@/components/when';
import { useNews, type NewsItem } from '@/features/content/api/news';
import styles from '@/features/content/parts/news.module.css';
import { PinnedMark } from '@/features/content/parts/pinned-mark';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function NewsList() {
  const { t } = useI18n();
  const query = useNews();

  return (
    <main className="page">
      <PageHeader title={t('news_title')} back />
      <div className="page-body">
        <InfiniteList
          query={query}
          label={t('news_title')}
          keyOf={(item: NewsItem) => item.id}
          emptyTitle={t('news_empty_title')}
          emptyText={t('news_empty_text')}
          errorTitle={t('news_failed')}
          render={(item) => (
            <Link
              to={`${ROUTES.news}?id=${item.id}`}
              className={styles.entry}
              data-testid="news-item"
            >
              <span className={styles.entryHead}>
                <strong className={styles.entryTitle}>{item.title}</strong>
                {item.pinned ? <PinnedMark /> : null}
              </span>
              <span className={styles.summary}>{item.summary}</span>
              <span className={styles.time}>
                <When at={item.published_at} />
              </span>
            </Link>
          )}
        />
      </div>
    </main>
  );
}
