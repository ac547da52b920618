// The player desk's account actions: freeze (with a reason, kept in the audit log) and
// unfreeze, for player:account:freeze; a temporary login password (after a confirmation; shown
// once, with a copy button) and clearing the fund password, for player:password:reset. Each
// ends the player's sessions on the server.
import { useState } from 'react';
import { Button } from '@/components/button';
import type { PlayerReport } from '@/console/api/player';
import {
  useClearFundPassword,
  useFreezePlayer,
  useResetPassword,
  useUnfreezePlayer,
} from '@/console/api/player-actions';
import { useText } from '@/console/i18n/i18n';
import { describeRefusal } from '@/console/lib/refusal';
import { ConfirmDialog } from '@/console/parts/confirm-dialog';
import { ErrorAlert } from '@/console/parts/messages';
import { ReasonDialog } from '@/console/parts/reason-dialog';
import styles from '@/console/pages/pages.module.css';
import { copyText } from '@/lib/copy-text';

type Props = { report: PlayerReport; onDone: (text: string) => void };
type Asking = 'freeze' | 'password' | 'fund-password' | null;

export function PlayerAccess({ report, onDone }: Props) {
  const { t } = useText();
  const id = report.account.id;
  const freeze = useFreezePlayer(id);
  const unfreeze = useUnfreezePlayer(id);
  const password = useResetPassword(id);
  const fundPassword = useClearFundPassword(id);
  const [asking, setAsking] = useState<Asking>(null);
  const [shown, setShown] = useState<string | null>(null);
  const frozen = report.account.frozen_at !== null;
  const busy =
    freeze.isPending || unfreeze.isPending || password.isPending || fundPassword.isPending;
  const ask = (what: Asking) => {
    for (const mutation of [freeze, password, fundPassword]) mutation.reset();
    setAsking(what);
  };
  const refusalOf = (error: unknown, failed: boolean) => (failed ? describeRefusal(error) : null);

  return (
    <div className={styles.subsection}>
      <h3>{t('access_title')}</h3>
      {unfreeze.isError ? <ErrorAlert>{describeRefusal(unfreeze.error)}</ErrorAlert> : null}
      <div className={styles.actions}>
        {!report.may.freeze ? null : frozen ? (
          <Button
            variant="secondary"
            loading={unfreeze.isPending}
            disabled={busy}
            onClick={() =>
              unfreeze.mutate(undefined, { onSuccess: () => onDone(t('done_unfrozen', { id })) })
            }
          >
            {t('unfreeze')}
          </Button>
        ) : (
          <Button variant="danger" disabled={busy} onClick={() => ask('freeze')}>
            {t('freeze')}
          </Button>
        )}
        {report.may.reset_password ? (
          <>
            <Button variant="ghost" disabled={busy} onClick={() => ask('password')}>
              {t('reset_password')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => ask('fund-password')}>
              {t('clear_fund_password')}
            </Button>
          </>
        ) : null}
      </div>
      {shown === null ? null : <TemporaryPassword password={shown} onHide={() => setShown(null)} />}
      {asking === 'freeze' ? (
        <ReasonDialog
          title={t('freeze_title', { id })}
          submitText={t('freeze')}
          hint={t('freeze_reason_hint')}
          missing={t('v_freeze_reason')}
          busy={freeze.isPending}
          refusal={refusalOf(freeze.error, freeze.isError)}
          onSubmit={(reason) =>
            freeze.mutate(reason, {
              onSuccess: () => {
                setAsking(null);
                onDone(t('done_frozen', { id }));
              },
            })
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'password' ? (
        <ConfirmDialog
          title={t('reset_password_title', { id })}
          message={t('reset_password_text')}
          confirmText={t('reset_password')}
          busy={password.isPending}
          refusal={refusalOf(password.error, password.isError)}
          onConfirm={() =>
            password.mutate(undefined, {
              onSuccess: (result) => {
                setAsking(null);
                setShown(result.password);
                onDone(t('done_password_reset', { id }));
              },
            })
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'fund-password' ? (
        <ConfirmDialog
          title={t('clear_fund_password_title', { id })}
          message={t('clear_fund_password_text')}
          confirmText={t('clear_fund_password')}
          busy={fundPassword.isPending}
          refusal={refusalOf(fundPassword.error, fundPassword.isError)}
          onConfirm={() =>
            fundPassword.mutate(undefined, {
              onSuccess: () => {
                setAsking(null);
                onDone(t('done_fund_password_cleared', { id }));
              },
            })
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}

/** The new login password, shown this once (it is not kept in clear anywhere). */
function TemporaryPassword({ password, onHide }: { password: string; onHide: () => void }) {
  const { t } = useText();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className={styles.secretBox} role="group" aria-labelledby="temporary-password-title">
      <h4 id="temporary-password-title">{t('temporary_password')}</h4>
      <p className={styles.secretValue} data-testid="temporary-password">
        {password}
      </p>
      <p className={styles.note}>{t('temporary_password_note')}</p>
      <div className={styles.actions}>
        <Button size="small" onClick={() => void copyText(password).then((ok) => setCopied(ok))}>
          {t('copy')}
        </Button>
        <Button size="small" variant="ghost" onClick={onHide}>
          {t('temporary_password_hide')}
        </Button>
        <span className={styles.note} aria-live="polite">
          {copied === null ? '' : copied ? t('copied') : t('copy_failed')}
        </span>
      </div>
    </div>
  );
}
