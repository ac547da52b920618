// A tier room (pages/yn28/game/roominfo?room=canada_vip): countdown, the latest result, the
// option board with odds and the special rules of the odds reply, the bet slip, and the
// player's bets of the open period. Live state is the shared live hook (games/live/use-live-room).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { betsKey } from '@/features/games/yn28/api/keys';
import { useIssueBets, useOdds, usePlaceBet, type Yn28Odds } from '@/features/games/yn28/api/room';
import { describeRule, groupOptions, specialRules, tagLabel } from '@/features/games/yn28/model';
import { Countdown, LatestResult } from '@/features/games/yn28/parts/parts';
import styles from '@/features/games/yn28/parts/yn28.module.css';
import { usePhase } from '@/features/games/live/use-clock';
import { useLiveRoom } from '@/features/games/live/use-live-room';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useBalances } from '@/hooks/use-profile';
import { useToken } from '@/hooks/use-session';
import { useI18n } from '@/i18n/i18n';
import { roomLabel } from '@/features/games/parts/game-labels';
import { fromMinor, isMoneyInput, minorOr0, toMinor, type MoneyText } from '@/lib/money';
import { confirm, toast } from '@/lib/notify';
import type { RoomIndex } from '@/features/games/api/room-index';
import { ROUTES } from '@/lib/routes';

const CHIPS = ['10', '50', '100', '500', '1000'];

/** A new result settles the period's bets: refresh them (shared with the trade view). */
export function useYn28Live(room: string) {
  const queryClient = useQueryClient();
  const onResult = useCallback(() => void queryClient.invalidateQueries({ queryKey: betsKey(room) }), [queryClient, room]);
  return useLiveRoom(room, 'yn28', undefined, onResult);
}

export function RoomView({ room }: { room: string }) {
  const { t, lang } = useI18n();
  const live = useYn28Live(room);
  const odds = useOdds(room);
  const balances = useBalances({ fresh: true });
  return (
    <main className="page">
      <PageHeader title={roomLabel(room, t, lang)} back fallback={ROUTES.yn28Room} />
      <div className={`page-body ${styles.body}`}>
        <LoadingGate queries={[live.query, odds]} ready={live.data !== undefined && odds.data !== undefined}>
          {() => <Play room={live.data!} odds={odds.data!} offsetMs={live.offsetMs} balance={balances.data?.game_balance} />}
        </LoadingGate>
      </div>
    </main>
  );
}

function Play({ room, odds, offsetMs, balance }: { room: RoomIndex; odds: Yn28Odds; offsetMs: number; balance: MoneyText | undefined }) {
  const { t } = useI18n();
  const [selected, setSelected] = useState<string[]>([]);
  const groups = useMemo(() => groupOptions(odds.options), [odds.options]);
  const rules = useMemo(() => specialRules(odds.rules), [odds.rules]);
  const phase = usePhase(room, offsetMs);
  const open = room.is_open && phase?.kind === 'open';
  const toggle = (code: string) => setSelected((current) => (current.includes(code) ? current.filter((item) => item !== code) : [...current, code]));

  return (
    <>
      <section className="card">
        <div className={styles.row}>
          <strong data-testid="current-issue" data-issue={room.issue}>
            {t('cc_issue', { issue: room.issue })}
          </strong>
          <Countdown period={room} offsetMs={offsetMs} />
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>
            {t('game_balance')}: <span data-testid="game-balance">{balance === undefined ? '…' : <Money value={balance} />}</span>
          </span>
          <Link className={styles.link} to={`${ROUTES.yn28Trade}?room=${encodeURIComponent(room.room)}`} data-testid="to-trade">
            {t('yn28_to_trade')}
          </Link>
        </div>
      </section>
      <LatestResult room={room.room} last={room.last} />
      <section className="card" aria-label={t('cc_board')}>
        {groups.map((group) => (
          <div key={group.id} className={styles.group} role="group" aria-label={t(group.title)}>
            <h3>{t(group.title)}</h3>
            <div className={styles.options}>
              {group.options.map((option) => (
                <button
                  key={option.option}
                  type="button"
                  className={styles.option}
                  data-testid={`option-${option.option}`}
                  aria-pressed={selected.includes(option.option)}
                  aria-label={`${tagLabel(option.option, t)} ×${option.odds}`}
                  onClick={() => toggle(option.option)}
                >
                  <span>{group.id === 'sum' ? option.option.slice(4) : tagLabel(option.option, t)}</span>
                  <small>×{option.odds}</small>
                </button>
              ))}
            </div>
          </div>
        ))}
      </section>
      {rules.length === 0 ? null : (
        <section className="card" aria-label={t('yn28_special_rules')}>
          <h2>{t('yn28_special_rules')}</h2>
          <p className={styles.muted}>{t('yn28_special_why')}</p>
          <ul className={styles.rules} data-testid="special-rules">
            {rules.map((rule, index) => (
              <li key={index}>{describeRule(rule, t)}</li>
            ))}
          </ul>
        </section>
      )}
      <Slip room={room.room} issue={room.issue} selected={selected} onClear={() => setSelected([])} open={open} balance={balance} odds={odds} />
      <IssueBets room={room.room} issue={room.issue} />
    </>
  );
}

type SlipProps = { room: string; issue: string; selected: string[]; onClear: () => void; open: boolean; balance: MoneyText | undefined; odds: Yn28Odds };

function Slip({ room, issue, selected, onClear, open, balance, odds }: SlipProps) {
  const { t } = useI18n();
  const id = useId();
  const [amount, setAmount] = useState('10');
  const bet = usePlaceBet();
  const attempt = useAttemptKey();
  const valid = isMoneyInput(amount.trim()) && toMinor(amount.trim()) > 0n;
  const stake = valid ? toMinor(amount.trim()) : 0n;
  const total = stake * BigInt(selected.length);
  const minimum = selected.reduce((min, code) => {
    const option = odds.options.find((item) => item.option === code);
    const value = minorOr0(option?.min_bet);
    return value > min ? value : min;
  }, 0n);
  const problem =
    selected.length === 0 ? null : !open ? t('cc_err_closed') : !valid ? t('cc_err_amount') : stake < minimum ? t('cc_err_min', { amount: fromMinor(minimum) }) : balance !== undefined && total > minorOr0(balance) ? t('cc_err_balance') : null;
  const ready = selected.length > 0 && problem === null;

  const submit = async () => {
    if (!ready) return;
    const sure = await confirm({ title: t('cc_confirm_title'), message: t('cc_confirm_text', { n: selected.length, issue, total: fromMinor(total) }), confirmText: t('cc_place') });
    if (!sure) return;
    const fields = { room, issue, bets: selected.map((option) => ({ option, amount: fromMinor(stake) })) };
    bet.mutate(
      { ...fields, key: attempt.for(JSON.stringify(fields)) },
      {
        onSuccess: (reply) => {
          attempt.done();
          onClear();
          toast(t('cc_bet_done', { order: reply.order_no }), 'success');
        },
      },
    );
  };

  return (
    <section className={`card ${styles.slip}`} aria-label={t('cc_slip')} data-testid="bet-slip">
      <p className={styles.muted}>{selected.length === 0 ? t('cc_slip_empty') : `${t('cc_slip_count', { n: selected.length })}: ${selected.map((code) => tagLabel(code, t)).join(', ')}`}</p>
      <div className={styles.chips} role="group" aria-label={t('cc_chips')}>
        {CHIPS.map((chip) => (
          <button key={chip} type="button" aria-pressed={amount === chip} onClick={() => setAmount(chip)}>
            {chip}
          </button>
        ))}
      </div>
      <label htmlFor={id} className={styles.muted}>
        {t('cc_amount')}
      </label>
      <input id={id} className={styles.input} inputMode="decimal" value={amount} data-testid="bet-amount" onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))} />
      {selected.length > 0 && valid ? (
        <p className={styles.muted} data-testid="bet-total">
          {t('cc_total')}: <Money value={fromMinor(total)} />
        </p>
      ) : null}
      {problem === null ? null : (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <Button block data-testid="bet-confirm" disabled={!ready} loading={bet.isPending} onClick={() => void submit()}>
        {t('cc_place')}
      </Button>
    </section>
  );
}

/** The player's bets of the open period (logged in only). */
export function IssueBets({ room, issue, settled = false }: { room: string; issue: string; settled?: boolean }) {
  const { t } = useI18n();
  const token = useToken();
  const bets = useIssueBets(room, issue, token !== null);
  const list = bets.data?.list ?? [];
  return (
    <section className="card" aria-label={settled ? t('cc_issue', { issue }) : t('yn28_my_bets')} data-testid={settled ? 'settled-bets' : undefined}>
      <h2>{settled ? `${t('cc_latest')} · ${t('cc_issue', { issue })}` : t('yn28_my_bets')}</h2>
      {list.length === 0 ? (
        <p className={styles.muted}>{t('yn28_no_bets')}</p>
      ) : (
        <ul className={styles.list} data-testid="issue-bets">
          {list.map((item) => (
            <li key={item.id}>
              <span>
                {tagLabel(item.option, t)} ×{item.odds}
              </span>
              <Money value={item.amount} />
              <span>{item.status === 'open' ? t('yn28_status_open') : <Money value={item.profit} />}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
