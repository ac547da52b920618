import { useEffect, useState, type ReactNode } from 'react';
import styles from '@/components/ui.module.css';

export const LOADING_DELAY_MS = 200;

/** Renders `children` only once `delayMs` have passed (fast loads show nothing at all). */
export function Delayed({
  children,
  delayMs = LOADING_DELAY_MS,
}: {
  children: ReactNode;
  delayMs?: number;
}) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return visible ? children : null;
}

/** A centred spinner with a label. */
export function LoadingView({ label }: { label: string }) {
  return (
    <div className={styles.center}>
      <div className={styles.loader} role="status">
        <span className={styles.ring} aria-hidden="true" />
        <span>{label}</span>
      </div>
    </div>
  );
}

/** A thin indeterminate bar across the top of the screen. */
export function ProgressBar({ label }: { label: string }) {
  return <div className={styles.progress} role="progressbar" aria-label={label} />;
}

export function Skeleton({ width, height }: { width: number | string; height: number }) {
  return (
    <span
      className={styles.skeleton}
      style={{ display: 'block', width, height }}
      aria-hidden="true"
    />
  );
}
