import { useEffect, useId, useRef } from 'react';
import styles from '@/components/confirm-dialog.module.css';
import { useI18n } from '@/i18n/i18n';
import type { ConfirmRequest } from '@/lib/notify';

/** A modal yes/no question. Escape or a tap outside cancels. */
export function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const { t } = useI18n();
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') request.settle(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [request]);

  return (
    <div
      className={styles.backdrop}
      onClick={(event) => event.target === event.currentTarget && request.settle(false)}
    >
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={request.title === undefined ? messageId : titleId}
        aria-describedby={request.title === undefined ? undefined : messageId}
      >
        <div className={styles.dialogBody}>
          {request.title === undefined ? null : (
            <h2 id={titleId} className={styles.dialogTitle}>
              {request.title}
            </h2>
          )}
          <p id={messageId} className={styles.dialogMessage}>
            {request.message}
          </p>
        </div>
        <div className={styles.dialogActions}>
          <button
            type="button"
            className={styles.dialogCancel}
            onClick={() => request.settle(false)}
          >
            {request.cancelText ?? t('cancel')}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={styles.dialogConfirm}
            data-danger={request.danger === true}
            onClick={() => request.settle(true)}
          >
            {request.confirmText ?? t('confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}

export default ConfirmDialog;
