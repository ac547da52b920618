// One game's rooms as the game lists show them: each room with its open period and a countdown
// to the close of betting (then to the draw), opening the room's play page.
import { Link } from 'react-router';
import { formatCountdown, phaseAt } from '@/features/games/live/clock';
import { roomLabel } from '@/features/games/parts/game-labels';
import styles from '@/features/games/jogos/parts/jogos.module.css';
import type { LiveRoom } from '@/features/games/jogos/api/live-rooms';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

/** The play page of a room: the quick games' pages by game, the yn28 tier room. */
const PLAY_PAGES: Record<string, string> = {
  k3: ROUTES.ccK3,
  pk10: ROUTES.ccPk,
  ssc: ROUTES.ccSsc,
  rgb: ROUTES.ccRgb,
  yn28: ROUTES.yn28Room,
};

export function playPath(room: LiveRoom): string | null {
  const page = PLAY_PAGES[room.game];
  return page === undefined ? null : `${page}?room=${encodeURIComponent(room.room)}`;
}

export function RoomList({ rooms, nowMs }: { rooms: LiveRoom[]; nowMs: number }) {
  const { t, lang } = useI18n();
  return (
    <ul className={styles.rooms}>
      {rooms.map((room) => {
        const path = playPath(room);
        if (path === null) return null;
        const phase = phaseAt(room, nowMs);
        const state = !room.is_open
          ? t('jogos_room_closed')
          : phase.kind === 'open'
            ? t('jogos_closes_in', { time: formatCountdown(phase.closeIn) })
            : phase.kind === 'closed'
              ? t('jogos_draw_in', { time: formatCountdown(phase.drawIn) })
              : t('jogos_drawing');
        return (
          <li key={room.room}>
            <Link to={path} className={styles.room} data-testid={`jogos-room-${room.room}`}>
              <span className={styles.roomText}>
                <strong>{roomLabel(room.room, t, lang)}</strong>
                <span>{t('jogos_issue', { issue: room.issue })}</span>
              </span>
              <span
                className={room.is_open && phase.kind === 'open' ? styles.open : styles.waiting}
                data-testid={`jogos-countdown-${room.room}`}
              >
                {state}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
