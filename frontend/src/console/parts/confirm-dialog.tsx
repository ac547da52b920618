// A yes/no question before an action that cannot be taken back (a new password, the fund
// password cleared): its message, the action's button and Cancel; a refusal of the server
// shows inside the dialog, which stays open. (components/confirm-dialog speaks the player
// app's texts, which the console does not load.)
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useText } from '@/console/i18n/i18n';
import { ErrorAlert } from '@/console/parts/messages';
import styles from '@/console/pages/pages.module.css';

type Props = {
  title: string;
  message: string;
  confirmText: string;
  busy: boolean;
  /** The server's refusal of the last attempt, already worded. */
  refusal: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({
  title,
  message,
  confirmText,
  busy,
  refusal,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useText();
  return (
    <Dialog title={title} onClose={onClose} testId="confirm-dialog">
      <p>{message}</p>
      {refusal === null ? null : <ErrorAlert>{refusal}</ErrorAlert>}
      <div className={styles.actions}>
        <Button loading={busy} onClick={onConfirm}>
          {confirmText}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
