// pages/cc/<k3|pk|ssc|rgb>/index: the open period with its countdowns, the latest result, every
// option of the game with odds, the bet slip and the rules. RGB: 1/3/5-minute rooms (?room=).
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { useOdds, type RoomOdds } from '@/features/games/api/odds';
import type { RoomIndex } from '@/features/games/api/room-index';
import { GAME_INFO, type Game } from '@/features/games/quick/games';
import { useRoomLive } from '@/features/games/quick/live';
import type { LiveMode } from '@/features/games/live/use-live-room';
import { groupOptions, optionLabel, type RoomRules } from '@/features/games/quick/options';
import { BetSlip } from '@/features/games/slip/bet-slip';
import styles from '@/features/games/quick/parts/cc.module.css';
import { GameNav, RoomSwitch } from '@/features/games/quick/parts/game-nav';
import { LatestResult } from '@/features/games/quick/parts/latest-result';
import { OptionBoard } from '@/features/games/quick/parts/option-board';
import { RoomHeader } from '@/features/games/quick/parts/room-header';
import { Rules } from '@/features/games/quick/parts/rules';
import { useGameRoute } from '@/features/games/quick/parts/use-game-route';
import { say } from '@/features/games/parts/text';
import { toggle } from '@/features/games/slip/slip';
import { usePhase } from '@/features/games/live/use-clock';
import { useBalances } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import type { MoneyText } from '@/lib/money';
import { ROUTES } from '@/lib/routes';
import { rulesUrl } from '@/features/games/parts/rules-url';

export function Component() {
  const { t } = useI18n();
  const { game, room, setRoom } = useGameRoute();
  const live = useRoomLive(room, game);
  const odds = useOdds<RoomRules>(room);
  const balances = useBalances({ fresh: true });

  return (
    <main className="page">
      <PageHeader title={t(GAME_INFO[game].name)} back fallback={ROUTES.home} />
      <GameNav game={game} page="index" room={room} />
      <div className={`page-body ${styles.body}`}>
        <RoomSwitch game={game} room={room} onChange={setRoom} />
        <LoadingGate
          queries={[live.query, odds]}
          ready={live.data !== undefined && odds.data !== undefined}
        >
          {() => (
            <Play
              key={room}
              game={game}
              room={live.data!}
              odds={odds.data!}
              offsetMs={live.offsetMs}
              mode={live.mode}
              balance={balances.data?.game_balance}
            />
          )}
        </LoadingGate>
      </div>
    </main>
  );
}

type PlayProps = {
  game: Game;
  room: RoomIndex;
  odds: RoomOdds<RoomRules>;
  offsetMs: number;
  mode: LiveMode;
  balance: MoneyText | undefined;
};

function Play({ game, room, odds, offsetMs, mode, balance }: PlayProps) {
  const { t } = useI18n();
  const [selected, setSelected] = useState<string[]>([]);
  const groups = useMemo(() => groupOptions(game, odds.options), [game, odds.options]);
  const byCode = useMemo(
    () => new Map(odds.options.map((option) => [option.option, option])),
    [odds.options],
  );
  const chosen = useMemo(() => new Set(selected), [selected]);
  const onToggle = useCallback(
    (code: string) => setSelected((current) => toggle(current, code)),
    [],
  );
  const phase = usePhase(room, offsetMs);
  const open = room.is_open && phase?.kind === 'open';
  const label = useCallback((code: string) => say(optionLabel(game, code), t), [game, t]);

  return (
    <>
      <RoomHeader room={room} offsetMs={offsetMs} mode={mode} balance={balance} />
      <LatestResult game={game} room={room.room} last={room.last} />
      <OptionBoard game={game} groups={groups} selected={chosen} onToggle={onToggle} />
      <Link className={styles.rulesLink} to={rulesUrl(room.room)} data-testid="rules-link">
        {t('rules_link')}
      </Link>
      <Rules game={game} odds={odds} groups={groups} />
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
      />
    </>
  );
}
