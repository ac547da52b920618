// The three pages of a game (play, my bets, results) and RGB's 1 / 3 / 5-minute room switch.
import { Link } from 'react-router';
import { Chips } from '@/components/chips';
import {
  GAME_INFO,
  pageUrl,
  rgbMinutes,
  type Game,
  type PageKind,
} from '@/features/games/quick/games';
import styles from '@/features/games/quick/parts/cc.module.css';
import { useI18n, type MessageKey } from '@/i18n/i18n';

const PAGES: readonly { page: PageKind; label: MessageKey }[] = [
  { page: 'index', label: 'cc_nav_index' },
  { page: 'order', label: 'cc_nav_order' },
  { page: 'open', label: 'cc_nav_open' },
];

export function GameNav({ game, page, room }: { game: Game; page: PageKind; room: string }) {
  const { t } = useI18n();
  return (
    <nav className={styles.nav} aria-label={t('cc_nav_label')}>
      {PAGES.map((item) => (
        <Link
          key={item.page}
          to={pageUrl(game, item.page, room)}
          replace
          className={styles.navLink}
          aria-current={item.page === page ? 'page' : undefined}
          data-testid={`nav-${item.page}`}
          onClick={(event) => item.page === page && event.preventDefault()}
        >
          {t(item.label)}
        </Link>
      ))}
    </nav>
  );
}

/** Only for games with several rooms (RGB). */
export function RoomSwitch({
  game,
  room,
  onChange,
}: {
  game: Game;
  room: string;
  onChange: (room: string) => void;
}) {
  const { t } = useI18n();
  const rooms = GAME_INFO[game].rooms;
  if (rooms.length < 2) return null;
  return (
    <Chips
      label={t('cc_room_switch')}
      value={room}
      onChange={onChange}
      segmented
      choices={rooms.map((value) => ({
        value,
        label: t('cc_room_minutes', { n: rgbMinutes(value) }),
      }))}
    />
  );
}
