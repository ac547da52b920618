// A card of three limits of one kind (deposit or loss) over 24 hours, 7 days and 30 days: each
// with its figures, a pending change and a form to set, lower, raise or remove it. Lowering
// applies at once; raising and removing wait (the server says until when).
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { Section } from '@/components/form';
import { Money } from '@/components/money';
import { Rows, type Row } from '@/components/rows';
import { TextField } from '@/components/text-field';
import { useSetLimit } from '@/features/protection/api/set-limit';
import { periodLabel } from '@/features/protection/parts/labels';
import styles from '@/features/protection/parts/protection.module.css';
import { useI18n, type Translate } from '@/i18n/i18n';
import { formatMoney, fromMinor, toMinor } from '@/lib/money';
import { toast } from '@/lib/notify';
import type { Limit, LimitKind, ProtectionState } from '@/lib/protection';
import { formatDateTime } from '@/lib/time';
import { amountSchema, validate } from '@/lib/validators';

const limitsOf = (state: ProtectionState, kind: LimitKind): Limit[] =>
  kind === 'deposit' ? state.deposit_limits : state.loss_limits;

export function LimitSection({ kind, state }: { kind: LimitKind; state: ProtectionState }) {
  const { t } = useI18n();
  return (
    <Section title={t(kind === 'deposit' ? 'protection_deposit_limits' : 'protection_loss_limits')}>
      <p className={styles.lead}>
        {t(kind === 'deposit' ? 'protection_deposit_limits_text' : 'protection_loss_limits_text')}
      </p>
      <p className={styles.rule} data-testid={`${kind}-limits-rule`}>
        {t('protection_limits_rule')}
      </p>
      {limitsOf(state, kind).map((limit) => (
        <LimitCard key={limit.period} kind={kind} limit={limit} />
      ))}
    </Section>
  );
}

function limitRows(limit: Limit, t: Translate): Row[] {
  const rows: Row[] = [
    {
      label: t('protection_limit_amount'),
      value: limit.amount === null ? t('protection_no_limit') : <Money value={limit.amount} />,
      strong: true,
    },
    { label: t('protection_used'), value: <Money value={limit.used} /> },
  ];
  if (limit.left !== null)
    rows.push({ label: t('protection_left'), value: <Money value={limit.left} /> });
  if (limit.frees_at !== null)
    rows.push({ label: t('protection_frees_at'), value: formatDateTime(limit.frees_at) });
  return rows;
}

/** An increase or removal waiting for its time, under the figures (it needs the width). */
function PendingChange({ pending }: { pending: NonNullable<Limit['pending']> }) {
  const { t } = useI18n();
  const at = formatDateTime(pending.effective_at);
  return (
    <p className={styles.pending} data-testid="limit-pending">
      <strong>{t('protection_pending_label')}</strong>{' '}
      {pending.amount === null
        ? t('protection_pending_remove', { at })
        : t('protection_pending_amount', { amount: formatMoney(pending.amount), at })}
    </p>
  );
}

function LimitCard({ kind, limit }: { kind: LimitKind; limit: Limit }) {
  const { t } = useI18n();
  const titleId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSetLimit();
  const period = periodLabel(limit.period, t);

  const send = (value: string) =>
    save.mutate(
      { kind, period: limit.period, amount: value },
      {
        onSuccess: (state) => {
          setAmount('');
          const saved = limitsOf(state, kind).find((entry) => entry.period === limit.period);
          const pending = saved?.pending ?? null;
          toast(
            pending === null
              ? t('protection_limit_saved')
              : t('protection_limit_waits', { at: formatDateTime(pending.effective_at) }),
            'success',
            4000,
          );
        },
      },
    );

  const submit = () => {
    const checked = validate(amountSchema, amount);
    if (!checked.ok) return setError(t(checked.errors[''] ?? 'v_amount'));
    setError(undefined);
    send(fromMinor(toMinor(amount.trim())));
  };

  return (
    <section
      className={styles.limit}
      aria-labelledby={titleId}
      data-testid={`${kind}-${limit.period}`}
    >
      <h3 id={titleId}>{period}</h3>
      <Rows rows={limitRows(limit, t)} />
      {limit.pending === null ? null : <PendingChange pending={limit.pending} />}
      <form
        className={styles.limitForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t(kind === 'deposit' ? 'protection_field_deposit' : 'protection_field_loss', {
            period,
          })}
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          value={amount}
          onChange={(value) => {
            setAmount(value.replace(/[^\d.]/g, ''));
            setError(undefined);
          }}
          error={error}
        />
        <div className={styles.limitActions}>
          <Button type="submit" size="small" loading={save.isPending}>
            {t('protection_save_limit')}
          </Button>
          {limit.amount !== null && !(limit.pending !== null && limit.pending.amount === null) ? (
            <Button
              variant="secondary"
              size="small"
              disabled={save.isPending}
              onClick={() => send('')}
            >
              {t('protection_remove_limit')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
