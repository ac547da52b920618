// pages/events/helpdetail?id=N — one help article.
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useHelpArticle, type HelpArticle } from '@/features/content/api/items';
import styles from '@/features/content/parts/content.module.css';
import { idOf, ItemState } from '@/features/content/parts/item-state';
import { RichText } from '@/features/content/parts/rich-text';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { relativeLabel } from '@/lib/time';

export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <main className="page">
      <PageHeader title={t('help_title')} back fallback={ROUTES.helpList} />
      <div className="page-body">
        {id === null ? <Details query={null} /> : <ArticleById id={id} />}
      </div>
    </main>
  );
}

function ArticleById({ id }: { id: number }) {
  return <Details query={useHelpArticle(id)} />;
}

function Details({ query }: { query: ReturnType<typeof useHelpArticle> | null }) {
  const { t } = useI18n();
  return (
    <ItemState
      query={query}
      missingTitle={t('help_missing_title')}
      missingText={t('help_missing_text')}
      failedTitle={t('help_failed')}
      listPath={ROUTES.helpList}
      listLabel={t('help_all')}
    >
      {(article: HelpArticle) => (
        <article className={`card ${styles.article}`}>
          <h2 className={styles.articleTitle}>{article.title}</h2>
          <p className={styles.meta}>
            {t('help_updated', { time: relativeLabel(article.updated_at, t) })}
          </p>
          <RichText html={article.body} />
        </article>
      )}
    </ItemState>
  );
}
