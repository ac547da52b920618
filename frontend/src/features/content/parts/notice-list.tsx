// The message list: pinned announcements first, then messages and announcements newest first,
// each marked read or unread, loaded a page at a time; "mark all read" in the header.
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { InfiniteList } from '@/components/infinite-list';
import { PageHeader } from '@/components/page-header';
import { When } from '@/components/when';
import { useMarkAllRead, useNotices, type Notice } from '@/features/content/api/notice';
import newsStyles from '@/features/content/parts/news.module.css';
import styles from '@/features/content/parts/notice.module.css';
import { BellIcon, MegaphoneIcon } from '@/components/notice-icons';
import { noticePath } from '@/lib/notice-path';
import { PinnedMark } from '@/features/content/parts/pinned-mark';
import { useUnreadCount } from '@/hooks/use-unread-count';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';

export function NoticeList() {
  const { t } = useI18n();
  const query = useNotices();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();

  const markAllRead = () =>
    markAll.mutate(undefined, { onSuccess: () => toast(t('notice_all_read_done'), 'success') });

  return (
    <main className="page">
      <PageHeader title={t('notice_title')} back />
      <div className="page-body">
        {unread.data !== undefined && unread.data > 0 ? (
          <div className={styles.toolbar}>
            <Button
              variant="secondary"
              size="small"
              onClick={markAllRead}
              loading={markAll.isPending}
            >
              {t('notice_mark_all_read')}
            </Button>
          </div>
        ) : null}
        <InfiniteList
          query={query}
          label={t('notice_title')}
          keyOf={(item: Notice) => `${item.kind}-${item.id}`}
          emptyTitle={t('notice_empty_title')}
          emptyText={t('notice_empty_text')}
          errorTitle={t('notice_failed')}
          render={(item) => <Entry item={item} />}
        />
      </div>
    </main>
  );
}

function Entry({ item }: { item: Notice }) {
  const { t } = useI18n();
  return (
    <Link
      to={noticePath(item.kind, item.id)}
      className={styles.entry}
      data-read={item.read}
      data-testid="notice-item"
    >
      <span className={styles.kindIcon} aria-hidden="true">
        {item.kind === 'announcement' ? <MegaphoneIcon size={20} /> : <BellIcon size={20} />}
      </span>
      <span className={styles.entryText}>
        <span className={newsStyles.entryHead}>
          <strong className={`${newsStyles.entryTitle} ${styles.entryTitle}`}>{item.title}</strong>
          {item.pinned ? <PinnedMark /> : null}
        </span>
        <span className={newsStyles.summary}>{item.body}</span>
        <span className={newsStyles.time}>
          {item.read ? t('notice_read') : t('notice_unread')}
          {' · '}
          <When at={item.at} />
        </span>
      </span>
    </Link>
  );
}
