import styles from '@/components/blocks.module.css';

export type BadgeTone = 'wait' | 'ok' | 'bad' | 'muted';

export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}
