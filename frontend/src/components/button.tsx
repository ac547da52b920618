import { useRef, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import styles from '@/components/button.module.css';

export const BUTTON_THROTTLE_MS = 500;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
  block?: boolean;
  loading?: boolean;
  /** Clicks closer together than this are ignored (double taps, impatient users). */
  throttleMs?: number;
};

export function Button({
  variant = 'primary',
  size = 'normal',
  block = false,
  loading = false,
  throttleMs = BUTTON_THROTTLE_MS,
  type = 'button',
  className,
  disabled,
  onClick,
  children,
  ...rest
}: Props) {
  const lastClick = useRef(Number.NEGATIVE_INFINITY);

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    const now = performance.now();
    if (now - lastClick.current < throttleMs) {
      event.preventDefault();
      return;
    }
    lastClick.current = now;
    onClick?.(event);
  };

  const classes = [
    styles.button,
    styles[variant],
    block ? styles.block : '',
    size === 'small' ? styles.small : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <button
      type={type}
      className={classes}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
