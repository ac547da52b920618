// pages/jogos/index (Game): every game with its rooms, each room's open period and a live
// countdown; tapping a room opens its play page, a game's heading its Game List.
import { Link } from 'react-router';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import styles from '@/features/games/jogos/parts/jogos.module.css';
import { RoomList } from '@/features/games/jogos/parts/room-list';
import { byGame, useLiveRooms } from '@/features/games/jogos/parts/use-live-rooms';
import { gameLabel } from '@/features/games/parts/game-labels';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const { query, data, nowMs } = useLiveRooms(null);
  return (
    <main className="page">
      <PageHeader title={t('jogos_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[query]} ready={data !== undefined}>
          {() => (
            <div className={styles.sections}>
              <p className={styles.intro}>{t('jogos_intro')}</p>
              {byGame(data?.list ?? []).map((group) => {
                const name = gameLabel(group.game, t);
                return (
                  <section key={group.game} className={styles.game} aria-label={name}>
                    <div className={styles.gameHead}>
                      <h2>{name}</h2>
                      <Link
                        to={`${ROUTES.jogosDetails}?game=${group.game}`}
                        aria-label={t('jogos_rooms_of', { game: name })}
                      >
                        {t('jogos_rooms', { n: group.rooms.length })}
                      </Link>
                    </div>
                    <RoomList rooms={group.rooms} nowMs={nowMs} />
                  </section>
                );
              })}
            </div>
          )}
        </LoadingGate>
      </div>
    </main>
  );
}
