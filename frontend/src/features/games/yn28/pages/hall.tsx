// The trading hall (pages/yn28/game/roominfo without a room): a region switch, then the
// region's four tier rooms with entry minimum, limits, online count, the open issue and its
// countdown. Tapping a room enters it (POST api/rooms/enter) and opens its page; a refusal is
// the API client's toast with the server's message. The period (issue, countdown, latest result)
// follows the live stream of the region's ordinary room (the four tier rooms share its draw);
// the room list is polled slowly for its online counts.
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useEnterRoom, useHall, type Hall, type HallRoom } from '@/features/games/yn28/api/hall';
import { isRegion, TIER_KEYS, type Region } from '@/features/games/yn28/model';
import { Countdown, LatestResult, RegionSwitch } from '@/features/games/yn28/parts/parts';
import styles from '@/features/games/yn28/parts/yn28.module.css';
import { useLiveRoom } from '@/features/games/live/use-live-room';
import { useI18n } from '@/i18n/i18n';
import { clockOffsetMs, type Period } from '@/features/games/live/clock';
import type { LastDraw } from '@/features/games/api/room-index';
import { ROUTES } from '@/lib/routes';

export function HallView() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const param = search.get('region');
  const region: Region = isRegion(param) ? param : 'canada';
  const hall = useHall(region);
  const live = useLiveRoom(`${region}_ordinary`, 'yn28');
  return (
    <main className="page">
      <PageHeader title={t('yn28_hall_title')} back fallback={ROUTES.home} />
      <div className={`page-body ${styles.body}`}>
        <RegionSwitch
          region={region}
          onChange={(next) => setSearch({ region: next }, { replace: true })}
        />
        <LoadingGate queries={[hall]} ready={hall.data !== undefined}>
          {() => {
            // The live room is the period's source; the hall reply stands in until it answers.
            const period = live.data ?? hall.data!;
            const offsetMs =
              live.data === undefined
                ? clockOffsetMs(hall.data!.now, hall.dataUpdatedAt)
                : live.offsetMs;
            return (
              <HallRooms
                hall={hall.data!}
                room={`${region}_ordinary`}
                period={period}
                offsetMs={offsetMs}
              />
            );
          }}
        </LoadingGate>
      </div>
    </main>
  );
}

type HallPeriod = Period & { issue: string; last: LastDraw | null };

function HallRooms({
  hall,
  room: ordinary,
  period,
  offsetMs,
}: {
  hall: Hall;
  room: string;
  period: HallPeriod;
  offsetMs: number;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const enter = useEnterRoom();
  const open = (room: HallRoom) =>
    enter.mutate(room.room, {
      onSuccess: (reply) =>
        void navigate(`${ROUTES.yn28Room}?room=${encodeURIComponent(reply.room || room.room)}`),
    });
  return (
    <>
      <section className="panel">
        <div className={styles.row}>
          <strong data-testid="hall-issue" data-issue={period.issue}>
            {t('games_issue', { issue: period.issue })}
          </strong>
          <Countdown period={period} offsetMs={offsetMs} />
        </div>
      </section>
      <div className={styles.rooms}>
        {hall.rooms.map((room) => (
          <button
            key={room.room}
            type="button"
            className={styles.room}
            data-testid={`room-${room.room}`}
            data-tier={room.tier}
            disabled={!room.is_open || enter.isPending}
            onClick={() => open(room)}
          >
            <span className={styles.row}>
              <strong>{t(TIER_KEYS[room.tier] ?? 'games_tier_ordinary')}</strong>
              <span className={styles.muted}>{t('yn28_online', { n: room.online })}</span>
            </span>
            <span className={styles.facts}>
              <span>
                {t('yn28_entry_min')}: <Money value={room.entry_min} />
              </span>
              <span>
                {t('yn28_limits')}: <Money value={room.min_bet} /> – <Money value={room.max_user} />
              </span>
              {room.is_open ? null : <span>{t('games_room_off')}</span>}
              {room.can_enter === false ? <span>{t('yn28_cannot_enter')}</span> : null}
            </span>
          </button>
        ))}
      </div>
      <LatestResult room={ordinary} last={period.last} />
    </>
  );
}
