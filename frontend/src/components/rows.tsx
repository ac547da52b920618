import type { ReactNode } from 'react';
import styles from '@/components/blocks.module.css';

export type Row = { label: string; value: ReactNode; strong?: boolean; testId?: string };

/** Label / value pairs (summaries, limits, record details). */
export function Rows({ rows, label }: { rows: readonly Row[]; label?: string }) {
  return (
    <dl className={styles.rows} aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row} data-strong={row.strong === true}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
