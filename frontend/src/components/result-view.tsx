import type { ReactNode } from 'react';
import styles from '@/components/blocks.module.css';

/** The end of a flow: what happened, the details, and where to go next. */
export function ResultView({
  icon,
  title,
  text,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className={styles.result} aria-live="polite">
      <div className={styles.resultIcon}>{icon}</div>
      <h2 className={styles.resultTitle}>{title}</h2>
      <p className={styles.resultText}>{text}</p>
      {children === undefined ? null : <div className={styles.resultDetails}>{children}</div>}
      <div className={styles.resultActions}>{actions}</div>
    </section>
  );
}
