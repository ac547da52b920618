// pages/lc/yuebao — Yu E Bao: the savings balance, its interest and rate, moves in and out.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { Form, Section } from '@/components/form';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import { TextField } from '@/components/text-field';
import {
  useMoveSavings,
  useSavings,
  type SavingsDirection,
  type SavingsSummary,
} from '@/features/finance/api/savings';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useI18n, type Translate } from '@/i18n/i18n';
import { compareMoney, fromMinor, toMinor } from '@/lib/money';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { amountSchema, validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const savings = useSavings();
  return (
    <main className="page">
      <PageHeader title={t('yuebao_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[savings]} ready={savings.data !== undefined}>
          {() => <SavingsView summary={savings.data!} />}
        </LoadingGate>
      </div>
    </main>
  );
}

export function SavingsView({ summary }: { summary: SavingsSummary }) {
  const { t } = useI18n();
  return (
    <>
      <Section title={t('yuebao_savings')}>
        <Rows
          label={t('yuebao_savings')}
          rows={[
            {
              label: t('yuebao_savings'),
              value: <Money value={summary.savings} />,
              strong: true,
              testId: 'savings-balance',
            },
            {
              label: t('yuebao_yesterday'),
              value: <Money value={summary.yesterday_interest} />,
              testId: 'savings-yesterday',
            },
            { label: t('yuebao_total'), value: <Money value={summary.total_interest} /> },
            { label: t('yuebao_rate'), value: `${summary.rate} %` },
            {
              label: t('yuebao_daily_interest'),
              value: <Money value={summary.daily_interest} />,
              testId: 'savings-daily',
            },
            {
              label: t('yuebao_yield_7d'),
              value: summary.yield_7d === null ? t('yuebao_yield_none') : `${summary.yield_7d} %`,
            },
          ]}
        />
        <p style={{ color: 'var(--muted)', fontSize: 13 }}>{t('yuebao_rule')}</p>
        <p style={{ color: 'var(--muted)', fontSize: 13 }} data-testid="savings-formula">
          {t('yuebao_formula', { rate: summary.rate })}
        </p>
      </Section>
      <MoveForm summary={summary} />
      <LinkButton to={ROUTES.yuebaoLog}>{t('yuebaolog_title')}</LinkButton>
    </>
  );
}

/** The message key (and values) of what is wrong with `amount`, if anything. */
function amountProblem(
  amount: string,
  direction: SavingsDirection,
  summary: SavingsSummary,
  t: Translate,
): string | undefined {
  const checked = validate(amountSchema, amount);
  if (!checked.ok) return t(checked.errors[''] ?? 'v_amount');
  const normal = fromMinor(toMinor(amount.trim()));
  const available = direction === 'in' ? summary.balance : summary.savings;
  if (direction === 'in' && compareMoney(normal, summary.in_min) < 0)
    return t('v_amount_min', { min: summary.in_min });
  if (compareMoney(normal, available) > 0) return t('v_insufficient', { balance: available });
  return undefined;
}

function MoveForm({ summary }: { summary: SavingsSummary }) {
  const { t } = useI18n();
  const [direction, setDirection] = useState<SavingsDirection>('in');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const move = useMoveSavings();
  const attempt = useAttemptKey();
  const available = direction === 'in' ? summary.balance : summary.savings;

  const submit = () => {
    const problem = amountProblem(amount, direction, summary, t);
    if (problem !== undefined) return setError(problem);
    const fields = { direction, amount: fromMinor(toMinor(amount.trim())) };
    move.mutate(
      { ...fields, key: attempt.for(JSON.stringify(fields)) },
      {
        onSuccess: () => {
          attempt.done();
          setAmount('');
          toast(t(direction === 'in' ? 'yuebao_in_done' : 'yuebao_out_done'), 'success');
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} label={t('yuebao_move')}>
      <Chips
        segmented
        label={t('yuebao_move')}
        value={direction}
        onChange={(value) => {
          setDirection(value);
          setError(undefined);
        }}
        choices={[
          { value: 'in' as const, label: t('yuebao_in') },
          { value: 'out' as const, label: t('yuebao_out') },
        ]}
      />
      <Section>
        <TextField
          label={t('field_amount')}
          inputMode="decimal"
          placeholder={t('field_amount_placeholder')}
          value={amount}
          onChange={(value) => {
            setAmount(value.replace(/[^\d.]/g, ''));
            setError(undefined);
          }}
          error={error}
          autoComplete="off"
          maxLength={16}
          trailing={
            <Button
              variant="secondary"
              size="small"
              onClick={() => {
                setAmount(available);
                setError(undefined);
              }}
            >
              {t('amount_all')}
            </Button>
          }
        />
        <p style={{ color: 'var(--muted)', fontSize: 13 }} data-testid="savings-available">
          {t('yuebao_available', { amount: available })}
        </p>
      </Section>
      <Button type="submit" block loading={move.isPending}>
        {t(direction === 'in' ? 'yuebao_in' : 'yuebao_out')}
      </Button>
    </Form>
  );
}
