import { useSyncExternalStore } from 'react';
import styles from '@/components/toast.module.css';
import { getToast, subscribeToast } from '@/lib/notify';

/** Renders the current toast (raised with `toast()` from lib/notify). */
export function ToastHost() {
  const item = useSyncExternalStore(subscribeToast, getToast, getToast);
  return (
    <div className={styles.toastLayer} role="status" aria-live="polite">
      {item === null ? null : (
        <div key={item.id} className={styles.toast} data-tone={item.tone}>
          {item.text}
        </div>
      )}
    </div>
  );
}
