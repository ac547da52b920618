// One news article: its title, times and body as plain-text paragraphs (React escapes the
// text, so markup in a body shows as written and never runs).
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { NewsIcon } from '@/components/icons-extra';
import { LinkButton } from '@/components/link-button';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { When } from '@/components/when';
import { useNewsArticle, type NewsArticle } from '@/features/content/api/news';
import styles from '@/features/content/parts/news.module.css';
import { PinnedMark } from '@/features/content/parts/pinned-mark';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { relativeLabel } from '@/lib/time';
import { ROUTES } from '@/lib/routes';

/** Paragraphs of a body: blank lines separate them; single line breaks stay inside one. */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The article `id`; null when the link carries no valid id (shown as not available). */
export function NewsArticleView({ id }: { id: number | null }) {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('news_title')} back fallback={ROUTES.news} />
      {id === null ? <Missing /> : <ArticleById id={id} />}
    </main>
  );
}

function ArticleById({ id }: { id: number }) {
  const { t } = useI18n();
  const query = useNewsArticle(id);

  if (query.data !== undefined) return <ArticleBody article={query.data} />;
  if (!query.isError) return <LoadingView label={t('loading')} />;
  // The server answers HTTP 404 (`not_found`) for an unknown, removed or unpublished article.
  if (query.error instanceof ApiError && query.error.status === 404) return <Missing />;
  return (
    <Empty
      icon={<AlertIcon size={38} />}
      title={t('news_article_failed')}
      action={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('retry')}
        </Button>
      }
    />
  );
}

function ArticleBody({ article }: { article: NewsArticle }) {
  const { t } = useI18n();
  return (
    <div className="page-body">
      <article className={`card ${styles.article}`}>
        <h2 className={styles.articleTitle}>{article.title}</h2>
        <div className={styles.articleMeta}>
          {article.pinned ? <PinnedMark /> : null}
          <When at={article.published_at} />
          {article.updated_at > article.published_at ? (
            <span>{t('news_updated', { time: relativeLabel(article.updated_at, t) })}</span>
          ) : null}
        </div>
        {paragraphsOf(article.body).map((paragraph, index) => (
          <p key={index} className={styles.paragraph}>
            {paragraph}
          </p>
        ))}
      </article>
    </div>
  );
}

function Missing() {
  const { t } = useI18n();
  return (
    <Empty
      icon={<NewsIcon size={38} />}
      title={t('news_article_missing_title')}
      text={t('news_article_missing_text')}
      action={
        <LinkButton to={ROUTES.news} replace>
          {t('news_all')}
        </LinkButton>
      }
    />
  );
}
