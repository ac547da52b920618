import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '@/components/button.module.css';

type Props = {
  to: string;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
  block?: boolean;
  replace?: boolean;
  children: ReactNode;
};

/** A link that looks like a button (navigation is a link, not a button in an anchor). */
export function LinkButton({
  to,
  variant = 'primary',
  size = 'normal',
  block = false,
  replace,
  children,
}: Props) {
  const classes = [
    styles.button,
    styles[variant],
    block ? styles.block : '',
    size === 'small' ? styles.small : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} replace={replace} className={classes}>
      {children}
    </Link>
  );
}
