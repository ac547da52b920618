// One entry of the message list, opened: opening marks it read. Its body shows as plain-text
// paragraphs (React escapes the text, so markup shows as written and never runs).
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { LinkButton } from '@/components/link-button';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { When } from '@/components/when';
import { useOpenedNotice, type Notice, type NoticeKind } from '@/features/content/api/notice';
import { paragraphsOf } from '@/features/content/parts/news-article';
import newsStyles from '@/features/content/parts/news.module.css';
import { BellIcon } from '@/components/notice-icons';
import { PinnedMark } from '@/features/content/parts/pinned-mark';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { ROUTES } from '@/lib/routes';

/** The entry `kind`/`id`; null when the link names none (shown as not available). */
export function NoticeView({ entry }: { entry: { kind: NoticeKind; id: number } | null }) {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('notice_title')} back fallback={ROUTES.notice} />
      {entry === null ? <Missing /> : <Opened kind={entry.kind} id={entry.id} />}
    </main>
  );
}

function Opened({ kind, id }: { kind: NoticeKind; id: number }) {
  const { t } = useI18n();
  const query = useOpenedNotice(kind, id);

  if (query.data !== undefined) return <Whole notice={query.data} />;
  if (!query.isError) return <LoadingView label={t('loading')} />;
  // HTTP 404 (`not_found`): another player's message, or an announcement no longer shown.
  if (query.error instanceof ApiError && query.error.status === 404) return <Missing />;
  return (
    <Empty
      icon={<AlertIcon size={38} />}
      title={t('notice_open_failed')}
      action={
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('retry')}
        </Button>
      }
    />
  );
}

function Whole({ notice }: { notice: Notice }) {
  const { t } = useI18n();
  return (
    <div className="page-body">
      <article className={`card ${newsStyles.article}`} data-testid="notice-opened">
        <h2 className={newsStyles.articleTitle}>{notice.title}</h2>
        <div className={newsStyles.articleMeta}>
          {notice.pinned ? <PinnedMark /> : null}
          <span>
            {notice.kind === 'announcement'
              ? t('notice_kind_announcement')
              : t('notice_kind_message')}
          </span>
          <When at={notice.at} />
          <span data-testid="notice-state">
            {notice.read ? t('notice_read') : t('notice_unread')}
          </span>
        </div>
        {paragraphsOf(notice.body).map((paragraph, index) => (
          <p key={index} className={newsStyles.paragraph}>
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
      icon={<BellIcon size={38} />}
      title={t('notice_missing_title')}
      text={t('notice_missing_text')}
      action={
        <LinkButton to={ROUTES.notice} replace>
          {t('notice_all')}
        </LinkButton>
      }
    />
  );
}
