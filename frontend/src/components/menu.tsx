// A card of tappable rows (settings, shortcuts): icon, label, optional value, chevron.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '@/components/icons-extra';
import styles from '@/components/menu.module.css';

export type MenuEntry = {
  to?: string;
  onClick?: () => void;
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  danger?: boolean;
};

export function Menu({ entries, label }: { entries: readonly MenuEntry[]; label?: string }) {
  return (
    <ul className={`card ${styles.menu}`} aria-label={label}>
      {entries.map((entry) => {
        const inner = (
          <>
            <span className={styles.icon}>{entry.icon}</span>
            <span className={styles.label}>{entry.label}</span>
            {entry.value === undefined ? null : <span className={styles.value}>{entry.value}</span>}
            <ChevronRightIcon className={styles.chevron} size={18} />
          </>
        );
        return (
          <li key={entry.label}>
            {entry.to === undefined ? (
              <button
                type="button"
                className={styles.item}
                data-danger={entry.danger === true}
                onClick={entry.onClick}
              >
                {inner}
              </button>
            ) : (
              <Link to={entry.to} className={styles.item}>
                {inner}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
