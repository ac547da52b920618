// A tier room (pages/yn28/game/roominfo?room=canada_vip): countdown, the latest result, the
// option board with odds and the special rules of the odds reply, the player's bets of the open
// period, and the games' bet slip. Live state is the shared live hook (games/live/use-live-room).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useOdds, type RoomOdds } from '@/features/games/api/odds';
import { roomBetsKey } from '@/features/games/yn28/api/keys';
import { useIssueBets } from '@/features/games/yn28/api/issue-bets';
import { BetSlip } from '@/features/games/slip/bet-slip';
import { toggle } from '@/features/games/slip/slip';
import { groupOptions, ROOM_CHIPS, tagLabel } from '@/features/games/yn28/model';
import { describeRule, specialRules } from '@/features/games/parts/special-rules';
import { Countdown, LatestResult } from '@/features/games/yn28/parts/parts';
import styles from '@/features/games/yn28/parts/yn28.module.css';
import { usePhase } from '@/features/games/live/use-clock';
import { useLiveRoom } from '@/features/games/live/use-live-room';
import { useBalances } from '@/hooks/use-profile';
import { useToken } from '@/hooks/use-session';
import { useI18n } from '@/i18n/i18n';
import { roomLabel } from '@/features/games/parts/game-labels';
import type { MoneyText } from '@/lib/money';
import type { RoomIndex } from '@/features/games/api/room-index';
import { ROUTES } from '@/lib/routes';
import { rulesUrl } from '@/features/games/parts/rules-url';

/** A new result settles the period's bets: refresh them (shared with the trade view). */
export function useYn28Live(room: string) {
  const queryClient = useQueryClient();
  const onResult = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: roomBetsKey(room) }),
    [queryClient, room],
  );
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
        <LoadingGate
          queries={[live.query, odds]}
          ready={live.data !== undefined && odds.data !== undefined}
        >
          {() => (
            <Play
              room={live.data!}
              odds={odds.data!}
              offsetMs={live.offsetMs}
              balance={balances.data?.game_balance}
            />
          )}
        </LoadingGate>
      </div>
    </main>
  );
}

function Play({
  room,
  odds,
  offsetMs,
  balance,
}: {
  room: RoomIndex;
  odds: RoomOdds;
  offsetMs: number;
  balance: MoneyText | undefined;
}) {
  const { t } = useI18n();
  const [selected, setSelected] = useState<string[]>([]);
  const groups = useMemo(() => groupOptions(odds.options), [odds.options]);
  const rules = useMemo(() => specialRules(odds.rules), [odds.rules]);
  const phase = usePhase(room, offsetMs);
  const open = room.is_open && phase?.kind === 'open';
  const byCode = useMemo(
    () => new Map(odds.options.map((option) => [option.option, option])),
    [odds.options],
  );
  const label = useCallback((code: string) => tagLabel(code, t), [t]);

  return (
    <>
      <section className="panel">
        <div className={styles.row}>
          <strong data-testid="current-issue" data-issue={room.issue}>
            {t('games_issue', { issue: room.issue })}
          </strong>
          <Countdown period={room} offsetMs={offsetMs} />
        </div>
        <div className={styles.row}>
          <span className={styles.muted}>
            {t('game_balance')}:{' '}
            <span data-testid="game-balance">
              {balance === undefined ? '…' : <Money value={balance} />}
            </span>
          </span>
          <Link
            className={styles.link}
            to={`${ROUTES.yn28Trade}?room=${encodeURIComponent(room.room)}`}
            data-testid="to-trade"
          >
            {t('yn28_to_trade')}
          </Link>
        </div>
        <Link className={styles.link} to={rulesUrl(room.room)} data-testid="rules-link">
          {t('rules_link')}
        </Link>
      </section>
      <LatestResult room={room.room} last={room.last} />
      <section className="panel" aria-label={t('games_board')}>
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
                  onClick={() => setSelected((current) => toggle(current, option.option))}
                >
                  <span>
                    {group.id === 'sum' ? option.option.slice(4) : tagLabel(option.option, t)}
                  </span>
                  <small>×{option.odds}</small>
                </button>
              ))}
            </div>
          </div>
        ))}
      </section>
      {rules.length === 0 ? null : (
        <section className="panel" aria-label={t('yn28_special_rules')}>
          <h2>{t('yn28_special_rules')}</h2>
          <p className={styles.muted}>{t('yn28_special_why')}</p>
          <ul className={styles.rules} data-testid="special-rules">
            {rules.map((rule, index) => (
              <li key={index}>{describeRule(rule, t)}</li>
            ))}
          </ul>
        </section>
      )}
      <IssueBets room={room.room} issue={room.issue} />
      <BetSlip
        room={room.room}
        issue={room.issue}
        selected={selected}
        onSelected={setSelected}
        options={byCode}
        feeBp={odds.service_fee_bp}
        open={open}
        balance={balance}
        label={label}
        chips={ROOM_CHIPS}
      />
    </>
  );
}

/** The player's bets of the open period (logged in only). */
export function IssueBets({
  room,
  issue,
  settled = false,
}: {
  room: string;
  issue: string;
  settled?: boolean;
}) {
  const { t } = useI18n();
  const token = useToken();
  const bets = useIssueBets(room, issue, token !== null);
  const list = bets.data?.list ?? [];
  return (
    <section
      className="panel"
      aria-label={settled ? t('games_issue', { issue }) : t('yn28_my_bets')}
      data-testid={settled ? 'settled-bets' : undefined}
    >
      <h2>
        {settled ? `${t('games_latest')} · ${t('games_issue', { issue })}` : t('yn28_my_bets')}
      </h2>
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
              <span>
                {item.status === 'open' ? t('yn28_status_open') : <Money value={item.profit} />}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
