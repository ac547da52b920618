// The one place the app renders HTML it did not write: the body of an activity, a help article
// or a page. This is safe because the server sanitizes every body when the operator stores it
// (src/content/rich_text.rs, an allow-list: no script, style, event handler, frame, form or
// javascript:/data: address survives), and the API only ever returns that stored result.
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import styles from '@/features/content/parts/rich-text.module.css';

/** Sanitized HTML from the server. Links to app routes (/pages/...) stay inside the app. */
export function RichText({ html }: { html: string }) {
  const navigate = useNavigate();
  // The app uses hash routes: a body's "/pages/vip/index" would leave it, so the click is
  // turned into an in-app navigation.
  const followAppLinks = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    // Clicks come from the links inside, which are keyboard-reachable themselves (Enter on a
    // link is a click).
    <div
      className={styles.richText}
      onClick={followAppLinks}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
