// pages/jogos/game-details (Game List): one game's rooms (`?game=k3`) with their open periods
// and live countdowns; tapping a room opens its play page.
import { useSearchParams } from 'react-router';
import { Empty } from '@/components/empty';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import styles from '@/features/games/jogos/parts/jogos.module.css';
import { RoomList } from '@/features/games/jogos/parts/room-list';
import { useLiveRooms } from '@/features/games/jogos/parts/use-live-rooms';
import { gameLabel } from '@/features/games/parts/game-labels';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

/** The games the server knows (GAMES.md codes). */
const GAME_CODES: readonly string[] = ['k3', 'pk10', 'ssc', 'rgb', 'yn28'];

export function Component() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const asked = search.get('game') ?? '';
  const game = GAME_CODES.includes(asked) ? asked : null;
  return (
    <main className="page">
      <PageHeader
        title={game === null ? t('jogos_details_title') : gameLabel(game, t)}
        back
        fallback={ROUTES.jogos}
      />
      <div className="page-body">
        {game === null ? (
          <Empty title={t('jogos_unknown_game')} text={t('jogos_unknown_game_text')} />
        ) : (
          <GameRooms game={game} />
        )}
      </div>
    </main>
  );
}

function GameRooms({ game }: { game: string }) {
  const { t } = useI18n();
  const { query, data, nowMs } = useLiveRooms(game);
  return (
    <LoadingGate queries={[query]} ready={data !== undefined}>
      {() => (
        <div className={styles.sections}>
          <p className={styles.intro}>{t('jogos_intro')}</p>
          <RoomList rooms={data?.list ?? []} nowMs={nowMs} />
        </div>
      )}
    </LoadingGate>
  );
}
