import type { ReactNode } from 'react';
import { InboxIcon } from '@/components/icons';
import styles from '@/components/ui.module.css';

type Props = {
  title: string;
  text?: string;
  icon?: ReactNode;
  action?: ReactNode;
};

/** An honest empty state: what is (not) here and, optionally, what to do. */
export function Empty({ title, text, icon, action }: Props) {
  return (
    <section className={styles.empty} aria-label={title}>
      <div className={styles.emptyIcon}>{icon ?? <InboxIcon size={38} />}</div>
      <h2 className={styles.emptyTitle}>{title}</h2>
      {text === undefined ? null : <p className={styles.emptyText}>{text}</p>}
      {action === undefined ? null : <div className={styles.emptyAction}>{action}</div>}
    </section>
  );
}
