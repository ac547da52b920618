// Confirms a time-out or self-exclusion with the login password, saying plainly that it cannot
// be undone or shortened early. A refusal (wrong password, shorter than the running one) stays in
// the dialog.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { useExclude } from '@/features/protection/api/exclude';
import { durationLabel } from '@/features/protection/parts/labels';
import styles from '@/features/protection/parts/protection.module.css';
import { useI18n } from '@/i18n/i18n';
import { describeError, ApiError } from '@/lib/api';
import { toast } from '@/lib/notify';
import type { ExclusionKind } from '@/lib/protection';

type Props = { kind: ExclusionKind; duration: string; onClose: () => void };

export function ExcludeDialog({ kind, duration, onClose }: Props) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const exclude = useExclude();
  const length = durationLabel(duration, t);
  const timeout = kind === 'timeout';

  const submit = () => {
    setFormError(undefined);
    if (password === '') return setPasswordError(t('v_required_password'));
    setPasswordError(undefined);
    exclude.mutate(
      { kind, duration, password },
      {
        onSuccess: () => {
          toast(t(timeout ? 'protection_timeout_started' : 'protection_self_started'), 'success');
          onClose();
        },
        onError: (error) => {
          const text = describeError(error);
          if (error instanceof ApiError && error.key === 'login_failed') setPasswordError(text);
          else setFormError(text);
        },
      },
    );
  };

  return (
    <Dialog
      title={t(timeout ? 'protection_confirm_timeout_title' : 'protection_confirm_self_title', {
        duration: length,
      })}
      onClose={onClose}
      testId="exclude-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Notice tone="danger">{t('protection_confirm_text')}</Notice>
        <div className={styles.figures}>
          <TextField
            label={t('protection_confirm_password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setPasswordError(undefined);
            }}
            error={passwordError}
            maxLength={64}
          />
        </div>
        {formError === undefined ? null : (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button
            type="submit"
            variant="danger"
            className={styles.confirmDanger}
            block
            loading={exclude.isPending}
          >
            {t(timeout ? 'protection_timeout_button' : 'protection_self_button')}
          </Button>
          <Button variant="ghost" block onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
