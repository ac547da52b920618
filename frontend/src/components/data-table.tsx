// The app's one table look (trend history and counts, game rules): header cells in the muted
// tone, rows divided by lines, numbers in tabular figures. Cells are plain <th>/<td>; a cell
// with data-align="end" lines up at the end. Wide tables scroll inside their card.
import type { ReactNode } from 'react';
import styles from '@/components/data-table.module.css';

type Props = {
  /** Visible caption; without one, `label` names the table for screen readers. */
  caption?: ReactNode;
  label?: string;
  /** Fixed column widths (the same in every table of a group). */
  fixed?: boolean;
  /** Centre every cell (count grids). */
  centered?: boolean;
  testId?: string;
  children: ReactNode;
};

export function DataTable({ caption, label, fixed, centered, testId, children }: Props) {
  return (
    <div className={styles.scroll}>
      <table
        className={styles.table}
        aria-label={caption === undefined ? label : undefined}
        data-fixed={fixed === true}
        data-centered={centered === true}
        data-testid={testId}
      >
        {caption === undefined ? null : <caption>{caption}</caption>}
        {children}
      </table>
    </div>
  );
}
