// The app's one table look (trend history and counts, game rules): header cells in the muted
// tone, rows divided by lines, numbers in tabular figures. Cells are plain <th>/<td>; a cell
// with data-align="end" lines up at the end. Wide tables scroll inside their card.
import type { ReactNode } from 'react';
import styles from '@/components/data-table.module.css';

type Props = {
  /** Names the table (and its scroll area) for screen readers. */
  label: string;
  /** Show `label` as the table's visible caption. */
  caption?: boolean;
  /** Fixed column widths (the same in every table of a group). */
  fixed?: boolean;
  /** Centre every cell (count grids). */
  centered?: boolean;
  testId?: string;
  children: ReactNode;
};

export function DataTable({ caption, label, fixed, centered, testId, children }: Props) {
  return (
    // The scroll area takes focus so a keyboard can scroll a table wider than the phone.
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <table
        className={styles.table}
        aria-label={caption === true ? undefined : label}
        data-fixed={fixed === true}
        data-centered={centered === true}
        data-testid={testId}
      >
        {caption === true ? <caption>{label}</caption> : null}
        {children}
      </table>
    </div>
  );
}
