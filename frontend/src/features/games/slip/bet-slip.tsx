// The bet slip of the quick games and the yn28 rooms: chosen options, an amount per option
// (chips or typed), the total and RGB's service fee, then "sure to follow the order?" and POST
// api/rooms/betting with one Idempotency-Key per attempt. Server refusals arrive as the API
// client's toasts. Leaving the page with options chosen but not placed asks "sure to leave?".
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/button';
import { Money } from '@/components/money';
import { usePlaceBet } from '@/features/games/api/betting';
import type { OddsOption } from '@/features/games/api/odds';
import { say } from '@/features/games/parts/text';
import styles from '@/features/games/slip/bet-slip.module.css';
import { CHIPS, slipProblem, summarize } from '@/features/games/slip/slip';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useI18n } from '@/i18n/i18n';
import { formatMoney, fromMinor, type MoneyText } from '@/lib/money';
import { confirm, toast } from '@/lib/notify';

type Props = {
  room: string;
  issue: string;
  selected: readonly string[];
  onSelected: (selected: string[]) => void;
  options: ReadonlyMap<string, OddsOption>;
  feeBp: number;
  open: boolean;
  balance: MoneyText | undefined;
  /** An option's name in the reader's language. */
  label: (code: string) => string;
  /** Amounts one tap sets. */
  chips?: readonly MoneyText[];
};

export function BetSlip({
  room,
  issue,
  selected,
  onSelected,
  options,
  feeBp,
  open,
  balance,
  label,
  chips = CHIPS,
}: Props) {
  const { t } = useI18n();
  const amountId = useId();
  const [amount, setAmount] = useState<string>('10');
  const bet = usePlaceBet();
  const attempt = useAttemptKey();
  const slipRef = useRef<HTMLElement>(null);
  const summary = summarize(selected, amount, feeBp);
  const problem = slipProblem({ selected, amount, options, balance, open });
  const ready = selected.length > 0 && summary !== null && problem === null;
  const rate = (feeBp / 100).toString();
  useLeaveGuard(selected.length > 0);

  const submit = async () => {
    if (!ready || summary === null) return;
    const money = (minor: bigint) => formatMoney(fromMinor(minor));
    let message = t('games_confirm_text', {
      n: selected.length,
      issue,
      total: money(summary.total),
    });
    if (summary.fee > 0n)
      message += ` ${t('games_confirm_fee', { fee: money(summary.fee), net: money(summary.net) })}`;
    const sure = await confirm({
      title: t('games_confirm_title'),
      message,
      confirmText: t('games_place'),
    });
    if (!sure) return;
    const fields = { room, issue, bets: summary.lines };
    bet.mutate(
      { ...fields, key: attempt.for(JSON.stringify(fields)) },
      {
        onSuccess: (reply) => {
          attempt.done();
          onSelected([]);
          toast(t('games_bet_done', { order: reply.order_no }), 'success');
        },
      },
    );
  };

  return (
    <>
      <SlipSpacer target={slipRef} />
      <section
        ref={slipRef}
        className={styles.slip}
        aria-label={t('games_slip')}
        data-testid="bet-slip"
      >
        {selected.length === 0 ? (
          <p className={styles.muted}>{t('games_slip_empty')}</p>
        ) : (
          <div className={styles.slipHead}>
            <strong>{t('games_slip_count', { n: selected.length })}</strong>
            <ul className={styles.picks} aria-label={t('games_slip')}>
              {selected.map((code) => {
                const name = label(code);
                return (
                  <li key={code}>
                    <button
                      type="button"
                      onClick={() => onSelected(selected.filter((item) => item !== code))}
                      aria-label={t('games_slip_remove', { option: name })}
                    >
                      {name} ×
                    </button>
                  </li>
                );
              })}
            </ul>
            <button type="button" className={styles.clear} onClick={() => onSelected([])}>
              {t('games_slip_clear')}
            </button>
          </div>
        )}
        <div className={styles.amountRow}>
          <div className={styles.chips} role="group" aria-label={t('games_chips')}>
            {chips.map((chip) => (
              <button
                key={chip}
                type="button"
                className={styles.chip}
                data-testid={`chip-${chip}`}
                aria-pressed={amount === chip}
                onClick={() => setAmount(chip)}
              >
                {chip}
              </button>
            ))}
          </div>
          <label className={styles.amountField} htmlFor={amountId}>
            <span>{t('games_amount')}</span>
            <input
              id={amountId}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={amount}
              aria-invalid={problem !== null}
              aria-describedby={problem === null ? undefined : `${amountId}-problem`}
              data-testid="bet-amount"
              onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
            />
          </label>
        </div>
        {selected.length > 0 && summary !== null ? (
          <dl className={styles.totals}>
            <div>
              <dt>{t('games_total')}</dt>
              <dd data-testid="bet-total">
                <Money value={fromMinor(summary.total)} />
              </dd>
            </div>
            {feeBp > 0 ? (
              <>
                <div>
                  <dt>{t('games_fee', { rate })}</dt>
                  <dd data-testid="bet-fee">
                    <Money value={fromMinor(summary.fee)} />
                  </dd>
                </div>
                <div>
                  <dt>{t('games_net')}</dt>
                  <dd data-testid="bet-net">
                    <Money value={fromMinor(summary.net)} />
                  </dd>
                </div>
              </>
            ) : null}
          </dl>
        ) : null}
        {problem === null ? null : (
          <p
            id={`${amountId}-problem`}
            className={styles.problem}
            role="alert"
            data-testid="bet-problem"
          >
            {say(problem, t)}
          </p>
        )}
        <Button
          block
          data-testid="bet-confirm"
          disabled={!ready}
          loading={bet.isPending}
          onClick={() => void submit()}
        >
          {t('games_place')}
        </Button>
      </section>
    </>
  );
}

/** Room at the end of the page for the fixed slip, as tall as the slip is now. */
function SlipSpacer({ target }: { target: RefObject<HTMLElement | null> }) {
  const [height, setHeight] = useState(180);
  useEffect(() => {
    const element = target.current;
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return <div className={styles.slipSpacer} style={{ height }} aria-hidden="true" />;
}

/** While `pending`, leaving the page (another path) waits for "sure to leave?". */
function useLeaveGuard(pending: boolean) {
  const { t } = useI18n();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      pending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: t('confirm_leave_title'),
      message: t('confirm_leave_text'),
      confirmText: t('confirm_leave'),
    }).then((sure) => (sure ? blocker.proceed() : blocker.reset()));
  }, [blocker, t]);
}
