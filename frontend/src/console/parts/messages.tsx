// What a screen says after an action or a failed call: an alert (role=alert) for a refusal,
// a status (role=status) for a success. The app's notice look (components/blocks.module.css).
import type { ReactNode } from 'react';
import styles from '@/components/blocks.module.css';
import own from '@/console/parts/messages.module.css';

export function ErrorAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.notice} data-tone="danger" role="alert" data-testid={testId}>
      <div className={styles.noticeBody}>{children}</div>
    </div>
  );
}

export function SuccessStatus({ children }: { children: ReactNode }) {
  return (
    <div className={`${styles.notice} ${own.ok}`} role="status">
      <div className={styles.noticeBody}>{children}</div>
    </div>
  );
}
