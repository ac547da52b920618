// "New second factor" of a staff member: a confirmation (a new TOTP secret and recovery codes
// replace his, his sessions end, he signs in again only once the new factor is confirmed) with
// an optional new console passphrase, typed twice. A refusal shows inside the dialog.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { useText } from '@/console/i18n/i18n';
import { ErrorAlert } from '@/console/parts/messages';
import {
  PASSPHRASE_CHARS_MAX,
  PASSPHRASE_CHARS_MIN,
  passphraseProblem,
  type PassphraseProblem,
} from '@/console/parts/passphrase';
import { TextField } from '@/console/parts/text-field';
import styles from '@/console/pages/pages.module.css';

type Props = {
  name: string;
  busy: boolean;
  /** The server's refusal of the last attempt, already worded. */
  refusal: string | null;
  /** With '' his passphrase stays. */
  onConfirm: (passphrase: string) => void;
  onClose: () => void;
};

export function NewFactorDialog({ name, busy, refusal, onConfirm, onClose }: Props) {
  const { t } = useText();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<PassphraseProblem>(null);
  const submit = () => {
    const found = passphrase === '' && repeat === '' ? null : passphraseProblem(passphrase, repeat);
    setProblem(found);
    if (found === null) onConfirm(passphrase);
  };
  return (
    <Dialog title={t('staff_reset_title', { name })} onClose={onClose} testId="new-factor-dialog">
      <Form onSubmit={submit}>
        <p>{t('staff_reset_text')}</p>
        <TextField
          label={t('staff_reset_passphrase')}
          hint={t('staff_reset_passphrase_hint', { min: PASSPHRASE_CHARS_MIN })}
          type="password"
          value={passphrase}
          onChange={(value) => {
            setPassphrase(value);
            setProblem(null);
          }}
          error={
            problem === 'length'
              ? t('v_staff_passphrase', { min: PASSPHRASE_CHARS_MIN, max: PASSPHRASE_CHARS_MAX })
              : undefined
          }
          maxLength={PASSPHRASE_CHARS_MAX}
          autoComplete="new-password"
        />
        <TextField
          label={t('staff_passphrase_repeat')}
          type="password"
          value={repeat}
          onChange={(value) => {
            setRepeat(value);
            setProblem(null);
          }}
          error={problem === 'repeat' ? t('v_staff_passphrase_repeat') : undefined}
          maxLength={PASSPHRASE_CHARS_MAX}
          autoComplete="new-password"
        />
        {refusal === null ? null : <ErrorAlert>{refusal}</ErrorAlert>}
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            {t('staff_reset')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
