import type { ReactNode } from 'react';
import { AlertIcon } from '@/components/icons';
import styles from '@/components/blocks.module.css';

/** A highlighted note: `info` explains, `warn` cautions, `danger` stops. */
export function Notice({
  tone = 'info',
  title,
  children,
  testId,
}: {
  tone?: 'info' | 'warn' | 'danger';
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={styles.notice}
      data-tone={tone}
      role={tone === 'info' ? 'note' : 'alert'}
      data-testid={testId}
    >
      <AlertIcon size={20} className={styles.noticeIcon} />
      <div className={styles.noticeBody}>
        {title === undefined ? null : <strong className={styles.noticeTitle}>{title}</strong>}
        <div>{children}</div>
      </div>
    </div>
  );
}
