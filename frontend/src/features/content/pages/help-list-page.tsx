// pages/events/helplist — the help articles in the operator's order.
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { ChevronRightIcon, DocIcon } from '@/components/icons-extra';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { useHelpArticles } from '@/features/content/api/items';
import styles from '@/features/content/parts/content.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('help_title')} back />
      <div className="page-body">
        <HelpArticles />
      </div>
    </main>
  );
}

function HelpArticles() {
  const { t } = useI18n();
  const query = useHelpArticles();
  if (query.isError) {
    return (
      <Empty
        icon={<AlertIcon size={38} />}
        title={t('help_failed')}
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
        icon={<DocIcon size={38} />}
        title={t('help_empty_title')}
        text={t('help_empty_text')}
      />
    );
  }
  return (
    <ul className={styles.rows} aria-label={t('help_title')}>
      {query.data.list.map((article) => (
        <li key={article.id}>
          <Link
            to={`${ROUTES.helpDetail}?id=${article.id}`}
            className={styles.row}
            data-testid="help-item"
          >
            <span className={styles.rowText}>{article.title}</span>
            <ChevronRightIcon size={18} className={styles.chevron} aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
