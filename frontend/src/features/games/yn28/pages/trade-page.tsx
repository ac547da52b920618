// pages/yn28/game/usdt?room=canada_ordinary: long/short trading on the region's draws. Buy up =
// option big, buy down = small, sent to api/rooms/betting with `mode: "trade"` (minimum 10,
// checked before sending). A chart of recent sums, the open position until the draw and its
// outcome after (the player's bets of the room, newest first).
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { usePlaceBet } from '@/features/games/api/betting';
import { useTrend } from '@/features/games/yn28/api/trend';
import { parseRoom, TRADE_OPTION, tradeProblem, type TradeSide } from '@/features/games/yn28/model';
import { Countdown, LatestResult, SumChart } from '@/features/games/yn28/parts/parts';
import styles from '@/features/games/yn28/parts/yn28.module.css';
import { IssueBets, useYn28Live } from '@/features/games/yn28/pages/room';
import { usePhase } from '@/features/games/live/use-clock';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useBalances } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { roomLabel } from '@/features/games/parts/game-labels';
import { fromMinor, toMinor, type MoneyText } from '@/lib/money';
import { confirm, toast } from '@/lib/notify';
import type { RoomIndex } from '@/features/games/api/room-index';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t, lang } = useI18n();
  const [search] = useSearchParams();
  const param = search.get('room') ?? '';
  const parsed = parseRoom(param) ?? { region: 'canada' as const, tier: 'ordinary' as const };
  const room = `${parsed.region}_${parsed.tier}`;
  const live = useYn28Live(room);
  const trend = useTrend(parsed.region, 30);
  const balances = useBalances({ fresh: true });
  const sums = (trend.data?.list ?? []).map((row) => row.sum).reverse();
  return (
    <main className="page">
      <PageHeader
        title={`${t('yn28_trade_title')} · ${roomLabel(room, t, lang)}`}
        back
        fallback={ROUTES.yn28Room}
      />
      <div className={`page-body ${styles.body}`}>
        <LoadingGate queries={[live.query]} ready={live.data !== undefined}>
          {() => (
            <>
              <section className="panel">
                <div className={styles.row}>
                  <strong data-testid="current-issue" data-issue={live.data!.issue}>
                    {t('games_issue', { issue: live.data!.issue })}
                  </strong>
                  <Countdown period={live.data!} offsetMs={live.offsetMs} />
                </div>
                <SumChart sums={sums} />
              </section>
              <LatestResult room={room} last={live.data!.last} />
              <TradeForm
                room={live.data!}
                offsetMs={live.offsetMs}
                balance={balances.data?.game_balance}
              />
              <IssueBets room={room} issue={live.data!.issue} />
              {live.data!.last === null ? null : (
                <IssueBets room={room} issue={live.data!.last.issue} settled />
              )}
            </>
          )}
        </LoadingGate>
      </div>
    </main>
  );
}

function TradeForm({
  room,
  offsetMs,
  balance,
}: {
  room: RoomIndex;
  offsetMs: number;
  balance: MoneyText | undefined;
}) {
  const { t } = useI18n();
  const id = useId();
  const [side, setSide] = useState<TradeSide | null>(null);
  const [amount, setAmount] = useState('10');
  const [touched, setTouched] = useState(false);
  const bet = usePlaceBet();
  const attempt = useAttemptKey();
  const phase = usePhase(room, offsetMs);
  const open = room.is_open && phase?.kind === 'open';
  const problem = tradeProblem(amount, balance, open);

  const submit = async () => {
    setTouched(true);
    if (side === null || problem !== null) return;
    const stake = fromMinor(toMinor(amount.trim()));
    const sideText = side === 'up' ? t('yn28_buy_up') : t('yn28_buy_down');
    const sure = await confirm({
      title: t('yn28_trade_confirm_title'),
      message: t('yn28_trade_confirm', { side: sideText, amount: stake, issue: room.issue }),
      confirmText: t('yn28_trade_place'),
    });
    if (!sure) return;
    const fields = {
      room: room.room,
      issue: room.issue,
      mode: 'trade' as const,
      bets: [{ option: TRADE_OPTION[side], amount: stake }],
    };
    bet.mutate(
      { ...fields, key: attempt.for(JSON.stringify(fields)) },
      {
        onSuccess: (reply) => {
          attempt.done();
          setSide(null);
          setTouched(false);
          toast(t('games_bet_done', { order: reply.order_no }), 'success');
        },
      },
    );
  };

  return (
    <section className="panel" aria-label={t('yn28_trade_title')}>
      <div className={styles.sides}>
        <button
          type="button"
          className={styles.up}
          data-testid="trade-up"
          aria-pressed={side === 'up'}
          disabled={!open}
          onClick={() => setSide('up')}
        >
          {t('yn28_buy_up')}
        </button>
        <button
          type="button"
          className={styles.down}
          data-testid="trade-down"
          aria-pressed={side === 'down'}
          disabled={!open}
          onClick={() => setSide('down')}
        >
          {t('yn28_buy_down')}
        </button>
      </div>
      <p id={`${id}-hint`} className={styles.muted}>
        {t('yn28_trade_hint')}
      </p>
      <label htmlFor={id} className={styles.muted}>
        {t('yn28_trade_amount')}
      </label>
      <input
        id={id}
        className={styles.input}
        inputMode="decimal"
        value={amount}
        aria-invalid={touched && problem !== null}
        aria-describedby={touched && problem !== null ? `${id}-hint ${id}-problem` : `${id}-hint`}
        data-testid="trade-amount"
        onChange={(event) => {
          setTouched(true);
          setAmount(event.target.value.replace(/[^\d.]/g, ''));
        }}
      />
      {balance === undefined ? null : (
        <p className={styles.muted}>
          {t('game_balance')}: <Money value={balance} />
        </p>
      )}
      {touched && problem !== null ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert" data-testid="trade-problem">
          {t(problem)}
        </p>
      ) : null}
      <Button
        block
        data-testid="trade-confirm"
        disabled={side === null || bet.isPending}
        loading={bet.isPending}
        onClick={() => void submit()}
      >
        {t('yn28_trade_place')}
      </Button>
    </section>
  );
}
