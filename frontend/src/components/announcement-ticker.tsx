// The home page's scrolling line of current announcements. Each title opens its message.
// The line scrolls by itself and stops while pointed at or focused; with reduced motion it
// stands still and scrolls by hand.
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import styles from '@/components/announcement-ticker.module.css';
import { MegaphoneIcon } from '@/components/notice-icons';
import { useI18n } from '@/i18n/i18n';
import { noticePath } from '@/lib/notice-path';

/** A current announcement as the server gives it (api/index/index, api/notice/announcements). */
export type Announcement = { id: number; title: string; body: string; pinned: boolean; at: number };

/** Seconds the line takes per character it carries, so long and short lines read alike. */
const SECONDS_PER_CHARACTER = 0.25;
const SECONDS_MIN = 8;

export function AnnouncementTicker({ announcements }: { announcements: readonly Announcement[] }) {
  const { t } = useI18n();
  if (announcements.length === 0) return null;
  const characters = announcements.reduce((sum, item) => sum + item.title.length, 0);
  const seconds = Math.max(SECONDS_MIN, Math.round(characters * SECONDS_PER_CHARACTER));
  const speed = { '--ticker-seconds': `${seconds}s` } as CSSProperties;
  return (
    <section className={styles.ticker} aria-label={t('notice_announcements')}>
      <MegaphoneIcon size={18} className={styles.icon} />
      <div className={styles.window}>
        <ul className={styles.track} style={speed}>
          {announcements.map((item) => (
            <li key={item.id}>
              <Link
                to={noticePath('announcement', item.id)}
                className={styles.item}
                data-testid="ticker-item"
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
