// The small form of "Reject" and "Mark failed" (and the player desk's "Freeze"): a reason is
// required (by default the player reads it; `hint` and `missing` say who else does); a refusal
// of the server shows inside the dialog, which stays open.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { TextArea } from '@/components/text-area';
import { useText } from '@/console/i18n/i18n';
import { ErrorAlert } from '@/console/parts/messages';
import styles from '@/console/pages/pages.module.css';

/** Longest reason sent (the server bounds it too). */
export const REASON_CHARS_MAX = 200;

type Props = {
  title: string;
  submitText: string;
  busy: boolean;
  /** The server's refusal of the last attempt, already worded. */
  refusal: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
  /** Who reads the reason (default: the player) and what to say when it is missing. */
  hint?: string;
  missing?: string;
};

export function ReasonDialog({
  title,
  submitText,
  busy,
  refusal,
  onSubmit,
  onClose,
  hint,
  missing: missingText,
}: Props) {
  const { t } = useText();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    const text = reason.trim();
    setMissing(text === '');
    if (text !== '') onSubmit(text);
  };
  return (
    <Dialog title={title} onClose={onClose} testId="reason-dialog">
      <Form onSubmit={submit}>
        <TextArea
          label={t('reason_label')}
          hint={hint ?? t('reason_hint')}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          error={missing ? (missingText ?? t('v_reason')) : undefined}
          maxLength={REASON_CHARS_MAX}
        />
        {refusal === null ? null : <ErrorAlert>{refusal}</ErrorAlert>}
        <div className={styles.actions}>
          {/* The primary look: the danger tint on the dialog's surface is below 4.5:1. */}
          <Button type="submit" loading={busy}>
            {submitText}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
