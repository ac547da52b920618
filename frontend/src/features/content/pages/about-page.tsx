// pages/jogos/about-us — the operator's named pages: about-us by default, any other at
// ?page=<slug> (company-profile, privacy, privacy-policy, user-agreement, ...), with the
// page's version. The about-us page links to the other pages that exist and shows the app version.
import { Link, useSearchParams } from 'react-router';
import { AppVersion } from '@/components/app-version';
import { ChevronRightIcon } from '@/components/icons-extra';
import { PageHeader } from '@/components/page-header';
import { useContentPage, usePages, type ContentPage } from '@/features/content/api/items';
import styles from '@/features/content/parts/content.module.css';
import { ItemState } from '@/features/content/parts/item-state';
import { RichText } from '@/features/content/parts/rich-text';
import { useI18n } from '@/i18n/i18n';
import { formatDate } from '@/lib/time';
import { ROUTES } from '@/lib/routes';

const ABOUT_US = 'about-us';

/** A slug as the link carries it, or null for anything the server would refuse. */
function slugOf(text: string | null): string | null {
  const slug = text ?? ABOUT_US;
  return /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/.test(slug) ? slug : null;
}

export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const slug = slugOf(params.get('page'));
  return (
    <main className="page">
      <PageHeader
        title={slug === ABOUT_US ? t('about_title') : t('about_page_title')}
        back
        fallback={ROUTES.mine}
      />
      <div className="page-body">
        {slug === null ? <Shown query={null} /> : <PageBySlug slug={slug} />}
        {slug === ABOUT_US ? <OtherPages /> : null}
        {slug === ABOUT_US ? <AppVersion /> : null}
      </div>
    </main>
  );
}

function PageBySlug({ slug }: { slug: string }) {
  return <Shown query={useContentPage(slug)} />;
}

function Shown({ query }: { query: ReturnType<typeof useContentPage> | null }) {
  const { t } = useI18n();
  return (
    <ItemState
      query={query}
      missingTitle={t('about_missing_title')}
      missingText={t('about_missing_text')}
      failedTitle={t('about_failed')}
      listPath={ROUTES.aboutUs}
      listLabel={t('about_title')}
    >
      {(page: ContentPage) => (
        <article className={`card ${styles.article}`}>
          <h2 className={styles.articleTitle}>{page.title}</h2>
          <p className={styles.meta}>
            {page.version === '' ? null : (
              <span data-testid="page-version">
                {t('about_version', { version: page.version })}
              </span>
            )}
            <span>{t('about_updated', { date: formatDate(page.updated_at) })}</span>
          </p>
          <RichText html={page.body} />
        </article>
      )}
    </ItemState>
  );
}

/** Links to the operator's other pages (company profile, privacy, ...) that exist. */
function OtherPages() {
  const { t } = useI18n();
  const pages = usePages().data?.list.filter((page) => page.slug !== ABOUT_US) ?? [];
  if (pages.length === 0) return null;
  return (
    <nav className={styles.related} aria-label={t('about_more')}>
      <h2 className={styles.relatedTitle}>{t('about_more')}</h2>
      <ul className={styles.rows}>
        {pages.map((page) => (
          <li key={page.slug}>
            <Link to={`${ROUTES.aboutUs}?page=${page.slug}`} className={styles.row}>
              <span className={styles.rowText}>{page.title}</span>
              <ChevronRightIcon size={18} className={styles.chevron} aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
