// pages/yn28/info/withdraw — withdraw to the linked bank card or a USDT address. Amount and fee
// are held in the frozen balance until the operator pays out. Deposit bonuses still waiting for
// play are shown apart: they are not withdrawable until released.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { CardIcon, CheckCircleIcon, CoinIcon, ListIcon } from '@/components/icons-extra';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { ResultView } from '@/components/result-view';
import { Rows } from '@/components/rows';
import { TextField } from '@/components/text-field';
import { useDoWithdraw } from '@/features/wallet/api/do-withdraw';
import {
  useBankCard,
  useUsdtList,
  type BankCard,
  type UsdtAddress,
} from '@/features/wallet/api/payout-accounts';
import type { WithdrawalRecord } from '@/features/wallet/api/withdraw-records';
import {
  useWithdrawTerms,
  type PendingWithdrawal,
  type WithdrawTerms,
} from '@/features/wallet/api/withdraw-terms';
import { maskAddress, withdrawFee, withdrawTotal } from '@/features/wallet/parts/amounts';
import { PendingBonus } from '@/features/wallet/parts/bonus-slot';
import { QueueWait } from '@/features/wallet/parts/queue-wait';
import { statusOf } from '@/features/wallet/parts/status';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { compareMoney, formatMoney, fromMinor, minorOr0, toMinor } from '@/lib/money';
import { confirm } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { amountSchema, fundPasswordSchema, validate } from '@/lib/validators';

export type Target = { method: 'bank' | 'usdt'; id: number; title: string; detail: string };

export const bankTarget = (card: BankCard): Target => ({
  method: 'bank',
  id: card.id,
  title: card.bank_name,
  detail: card.card_no,
});
export const usdtTarget = (address: UsdtAddress): Target => ({
  method: 'usdt',
  id: address.id,
  title: `USDT · ${address.type}`,
  detail: maskAddress(address.address),
});

export function Component() {
  const { t } = useI18n();
  const terms = useWithdrawTerms();
  const card = useBankCard();
  const usdt = useUsdtList();
  const profile = useProfile({ fresh: true });
  const [result, setResult] = useState<WithdrawalRecord | null>(null);
  const queries = [terms, card, usdt, profile];
  const ready =
    terms.data !== undefined &&
    card.data !== undefined &&
    usdt.data !== undefined &&
    profile.data !== undefined;

  return (
    <main className="page">
      <PageHeader
        title={t('withdraw_title')}
        back
        fallback={ROUTES.mine}
        action={
          <Link
            to={ROUTES.withdrawRecords}
            aria-label={t('withdraw_records_title')}
            title={t('withdraw_records_title')}
            className="target"
          >
            <ListIcon size={22} />
          </Link>
        }
      />
      <div className="page-body">
        <LoadingGate queries={queries} ready={ready}>
          {() => {
            if (result !== null) return <WithdrawDone record={result} />;
            const targets = [
              ...(card.data === null || card.data === undefined ? [] : [bankTarget(card.data)]),
              ...(usdt.data ?? []).map(usdtTarget),
            ];
            return (
              <WithdrawForm
                terms={terms.data!}
                targets={targets}
                fundPasswordSet={profile.data!.fund_password_set}
                onDone={setResult}
              />
            );
          }}
        </LoadingGate>
      </div>
    </main>
  );
}

type Field = 'amount' | 'fund_password' | 'target';

type FormProps = {
  terms: WithdrawTerms;
  targets: Target[];
  fundPasswordSet: boolean;
  onDone: (record: WithdrawalRecord) => void;
};

export function WithdrawForm({ terms, targets, fundPasswordSet, onDone }: FormProps) {
  const { t } = useI18n();
  const [targetKey, setTargetKey] = useState(
    targets[0] === undefined ? '' : `${targets[0].method}:${targets[0].id}`,
  );
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const withdraw = useDoWithdraw();
  const attempt = useAttemptKey();

  const turnoverLeft = minorOr0(terms.turnover_remaining) > 0n;
  const countUsed = terms.left_today <= 0;
  const blocked = turnoverLeft || countUsed;
  const target = targets.find((entry) => `${entry.method}:${entry.id}` === targetKey);
  const amountOk = validate(amountSchema, amount).ok;
  const fee = amountOk ? withdrawFee(amount.trim(), terms) : null;
  const total = amountOk ? withdrawTotal(amount.trim(), terms) : null;
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = async () => {
    if (blocked) return;
    const next: Partial<Record<Field, string>> = {};
    const checked = validate(amountSchema, amount);
    const text = amount.trim();
    if (!checked.ok) next.amount = t(checked.errors[''] ?? 'v_amount');
    else if (compareMoney(text, terms.min) < 0) next.amount = t('v_amount_min', { min: terms.min });
    else if (compareMoney(text, terms.max) > 0 || compareMoney(text, terms.single_max) > 0) {
      next.amount = t('v_amount_max', {
        max: compareMoney(terms.single_max, terms.max) < 0 ? terms.single_max : terms.max,
      });
    } else if (compareMoney(withdrawTotal(text, terms), terms.balance) > 0)
      next.amount = t('v_amount_balance', { total: withdrawTotal(text, terms) });
    if (target === undefined) next.target = t('v_withdraw_target');
    if (fundPasswordSet) {
      const pw = validate(fundPasswordSchema, password);
      if (!pw.ok) next.fund_password = t(pw.errors[''] ?? 'v_fund_password');
    }
    setErrors(next);
    if (
      Object.values(next).some((value) => value !== undefined) ||
      target === undefined ||
      !fundPasswordSet
    )
      return;

    const normal = fromMinor(toMinor(text));
    const ok = await confirm({
      title: t('withdraw_confirm_title'),
      message: t('withdraw_confirm_text', {
        amount: formatMoney(normal),
        fee: formatMoney(withdrawFee(normal, terms)),
        total: formatMoney(withdrawTotal(normal, terms)),
        target: `${target.title} ${target.detail}`,
      }),
      confirmText: t('withdraw_submit'),
    });
    if (!ok) return;
    const fields = { method: target.method, account_id: target.id, amount: normal };
    const key = attempt.for(JSON.stringify(fields));
    withdraw.mutate(
      { ...fields, fund_password: password, key },
      {
        onSuccess: (record) => {
          attempt.done();
          onDone(record);
        },
      },
    );
  };

  const limits: { label: string; value: ReactNode; testId?: string }[] = [
    { label: t('limit_min'), value: <Money value={terms.min} /> },
    { label: t('limit_max'), value: <Money value={terms.max} /> },
    // The cap and the daily count are the player's VIP level's.
    { label: t('vip_title'), value: t('vip_level', { level: terms.vip_level }) },
    { label: t('limit_single_max'), value: <Money value={terms.single_max} /> },
    {
      label: t('limit_daily_count'),
      value: t('count_used', { used: terms.used_today, count: terms.daily_count }),
    },
    {
      label: t('limit_daily_left'),
      value: t('count_left', { left: terms.left_today, count: terms.daily_count }),
      testId: 'withdraw-left-today',
    },
    { label: t('limit_fee'), value: feeRule(terms, t) },
  ];

  return (
    <Form onSubmit={() => void submit()} label={t('withdraw_title')}>
      <section className={styles.hero}>
        <span className={styles.heroLabel}>{t('withdrawable_balance')}</span>
        <span className={styles.heroAmount} data-testid="withdraw-balance">
          <Money value={terms.balance} />
        </span>
      </section>

      {turnoverLeft ? (
        <section className={styles.turnover} role="alert" data-testid="turnover-block">
          <span>{t('turnover_title')}</span>
          <strong>
            <Money value={terms.turnover_remaining} />
          </strong>
          <p>{t('turnover_text')}</p>
        </section>
      ) : null}
      {countUsed && !turnoverLeft ? (
        <Notice tone="warn">{t('withdraw_count_used', { count: terms.daily_count })}</Notice>
      ) : null}
      <PendingBonus />

      <PendingWithdrawals pending={terms.pending} />

      <Section title={t('withdraw_limits')}>
        <Rows rows={limits} />
      </Section>

      <Section title={t('withdraw_to')}>
        {targets.length === 0 ? (
          <>
            <Notice tone="warn">{t('withdraw_no_account')}</Notice>
            <div className={styles.links}>
              <LinkButton to={ROUTES.addBank} variant="secondary" size="small">
                <CardIcon size={16} />
                {t('bind_bank_card')}
              </LinkButton>
              <LinkButton to={ROUTES.addUsdt} variant="secondary" size="small">
                <CoinIcon size={16} />
                {t('add_usdt_address')}
              </LinkButton>
            </div>
          </>
        ) : (
          <div className={styles.targets} role="radiogroup" aria-label={t('withdraw_to')}>
            {targets.map((entry) => {
              const key = `${entry.method}:${entry.id}`;
              return (
                <button
                  key={key}
                  type="button"
                  role="radio"
                  aria-checked={key === targetKey}
                  className={styles.target}
                  onClick={() => {
                    setTargetKey(key);
                    clear('target');
                  }}
                >
                  <span className={styles.targetIcon}>
                    {entry.method === 'bank' ? <CardIcon size={22} /> : <CoinIcon size={22} />}
                  </span>
                  <span className={styles.targetText}>
                    <strong>{entry.title}</strong>
                    <span>{entry.detail}</span>
                  </span>
                  <span className={styles.radioDot} aria-hidden="true" />
                </button>
              );
            })}
          </div>
        )}
        {errors.target === undefined ? null : (
          <p role="alert" style={{ color: 'var(--danger)', fontSize: 13 }}>
            {errors.target}
          </p>
        )}
      </Section>

      <Section>
        <TextField
          label={t('field_withdraw_amount')}
          inputMode="decimal"
          placeholder={t('field_amount_placeholder')}
          value={amount}
          onChange={(value) => {
            setAmount(value.replace(/[^\d.]/g, ''));
            clear('amount');
          }}
          error={errors.amount}
          disabled={blocked}
          autoComplete="off"
          maxLength={16}
        />
        <Rows
          rows={[
            {
              label: t('withdraw_fee'),
              value: fee === null ? '—' : <Money value={fee} />,
              testId: 'withdraw-fee',
            },
            {
              label: t('withdraw_total'),
              value: total === null ? '—' : <Money value={total} />,
              strong: true,
              testId: 'withdraw-total',
            },
          ]}
        />
        {fundPasswordSet ? (
          <TextField
            label={t('field_fund_password')}
            type="password"
            inputMode="numeric"
            placeholder={t('field_fund_password_placeholder')}
            value={password}
            onChange={(value) => {
              setPassword(value.replace(/\D/g, ''));
              clear('fund_password');
            }}
            error={errors.fund_password}
            disabled={blocked}
            autoComplete="off"
            maxLength={6}
          />
        ) : (
          <Notice tone="warn">
            {t('fund_password_missing')}{' '}
            <Link to={ROUTES.fundPassword}>{t('set_fund_password')}</Link>
          </Notice>
        )}
      </Section>

      <Button
        type="submit"
        block
        loading={withdraw.isPending}
        disabled={blocked || targets.length === 0 || !fundPasswordSet}
      >
        {t('withdraw_submit')}
      </Button>
    </Form>
  );
}

function feeRule(terms: WithdrawTerms, t: ReturnType<typeof useI18n>['t']): string {
  const percent = `${(terms.fee_bp / 100).toString()}%`;
  return t('fee_rule', {
    percent,
    below: formatMoney(terms.small_below),
    fee: formatMoney(terms.small_fee),
  });
}

function WithdrawDone({ record }: { record: WithdrawalRecord }) {
  const { t } = useI18n();
  return (
    <ResultView
      icon={<CheckCircleIcon size={44} />}
      title={t('withdraw_done_title')}
      text={t('withdraw_done_text')}
      actions={
        <>
          <LinkButton to={ROUTES.withdrawRecords} replace block>
            {t('view_withdraw_records')}
          </LinkButton>
          <LinkButton to={ROUTES.account} replace block variant="ghost">
            {t('account_title')}
          </LinkButton>
        </>
      }
    >
      <Rows
        rows={[
          {
            label: t('field_withdraw_amount'),
            value: <Money value={record.amount} />,
            strong: true,
          },
          { label: t('withdraw_fee'), value: <Money value={record.fee} /> },
          {
            label: t('withdraw_total'),
            value: <Money value={fromMinor(toMinor(record.amount) + toMinor(record.fee))} />,
          },
          { label: t('withdraw_to'), value: record.account },
          { label: t('record_status'), value: t('status_pending') },
        ]}
      />
    </ResultView>
  );
}

/** The player's withdrawals waiting for review, with their time in the queue. */
export function PendingWithdrawals({ pending }: { pending: readonly PendingWithdrawal[] }) {
  const { t } = useI18n();
  if (pending.length === 0) return null;
  return (
    <Section title={t('withdraw_pending_title')}>
      <ul className={styles.queue} data-testid="withdraw-pending">
        {pending.map((item) => (
          <li key={item.id} className={styles.queueItem}>
            <div className={styles.recordHead}>
              <span className={styles.recordAmount}>
                <Money value={item.amount} />
              </span>
              <Badge tone={statusOf(item.status).tone}>{t(statusOf(item.status).key)}</Badge>
            </div>
            <span className={styles.recordMeta}>
              {item.method === 'usdt' ? t('method_usdt') : t('method_bank')} · {item.account}
            </span>
            <QueueWait secs={item.waiting_secs} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
