// The player desk's adjustment of a wallet: a signed amount ("50.00" credits, "-12.50" debits)
// and a reason. Above `adjust_second_approval_above` (when it is not "0.00") the form says that
// a second staff member must approve it; the server then only records the request, and the
// result says so. The reason stays in the ledger entry and the audit log.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { useAdjustPlayer, type Adjusted } from '@/console/api/player-actions';
import type { PlayerReport } from '@/console/api/player';
import { useText, type Translate } from '@/console/i18n/i18n';
import { describeRefusal } from '@/console/lib/refusal';
import { ErrorAlert } from '@/console/parts/messages';
import { REASON_CHARS_MAX } from '@/console/parts/reason-dialog';
import { TextField } from '@/console/parts/text-field';
import styles from '@/console/pages/pages.module.css';
import { formatMoney, fromMinor, isMoneyInput, MAX_MINOR, toMinor } from '@/lib/money';

/** A typed signed amount: its sign and size in minor units; null when it is not one. */
export function signedAmountOf(text: string): { debit: boolean; minor: bigint } | null {
  const trimmed = text.trim();
  const debit = trimmed.startsWith('-');
  const magnitude = trimmed.replace(/^[+-]/, '');
  if (!isMoneyInput(magnitude)) return null;
  const minor = toMinor(magnitude);
  return minor > 0n && minor <= MAX_MINOR ? { debit, minor } : null;
}

/** What the staff member reads after an adjustment: the new wallet, or that it waits. */
export function adjustedText(result: Adjusted, t: Translate): string {
  if (result.state === 'applied')
    return t('adjust_applied', { wallet: formatMoney(result.balances.wallet) });
  const { request } = result;
  return t('adjust_waiting', {
    id: request.id,
    amount: `${request.credit ? '+' : '-'}${formatMoney(request.amount)}`,
  });
}

type Errors = { amount?: string; reason?: string };

export function AdjustForm({
  report,
  onDone,
}: {
  report: PlayerReport;
  onDone: (text: string) => void;
}) {
  const { t } = useText();
  const adjust = useAdjustPlayer(report.account.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const above = report.adjust_second_approval_above;
  const fourEyes = toMinor(above) > 0n;
  const typed = signedAmountOf(amount);
  const needsTwo = fourEyes && typed !== null && typed.minor > toMinor(above);

  const submit = () => {
    const text = reason.trim();
    const found: Errors = {};
    if (typed === null) found.amount = t('v_adjust_amount');
    if (text === '') found.reason = t('v_adjust_reason');
    setErrors(found);
    if (typed === null || text === '') return;
    const signed = `${typed.debit ? '-' : ''}${fromMinor(typed.minor)}`;
    adjust.mutate(
      { amount: signed, reason: text },
      {
        onSuccess: (result) => {
          setAmount('');
          setReason('');
          onDone(adjustedText(result, t));
        },
      },
    );
  };

  return (
    <div className={styles.subsection}>
      <h3 id="player-adjust">{t('adjust_title')}</h3>
      <Form onSubmit={submit} label={t('adjust_title')}>
        <TextField
          label={t('adjust_amount')}
          hint={t('adjust_amount_hint')}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors((now) => ({ ...now, amount: undefined }));
          }}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label={t('reason_label')}
          hint={t('adjust_reason_hint')}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setErrors((now) => ({ ...now, reason: undefined }));
          }}
          error={errors.reason}
          maxLength={REASON_CHARS_MAX}
          autoComplete="off"
        />
        {fourEyes ? (
          <p
            className={needsTwo ? styles.warn : styles.note}
            data-testid="adjust-four-eyes"
            aria-live="polite"
          >
            {needsTwo
              ? t('adjust_needs_two', { limit: formatMoney(above) })
              : t('adjust_four_eyes', { limit: formatMoney(above) })}
          </p>
        ) : null}
        {adjust.isError ? <ErrorAlert>{describeRefusal(adjust.error)}</ErrorAlert> : null}
        <div className={styles.actions}>
          <Button type="submit" loading={adjust.isPending}>
            {t('adjust_submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
