// The open period: issue, countdowns to betting close and to the draw (on the server's clock),
// the closed state between the two, and the game balance with a way to top it up.
import { Link } from 'react-router';
import { Money } from '@/components/money';
import type { RoomIndex } from '@/features/games/api/room-index';
import { formatCountdown, phaseAt } from '@/features/games/live/clock';
import type { LiveMode } from '@/features/games/live/use-live-room';
import styles from '@/features/games/quick/parts/cc.module.css';
import { useServerNow } from '@/features/games/live/use-clock';
import { useI18n } from '@/i18n/i18n';
import type { MoneyText } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

type Props = { room: RoomIndex; offsetMs: number; mode: LiveMode; balance: MoneyText | undefined };

export function RoomHeader({ room, offsetMs, mode, balance }: Props) {
  const { t } = useI18n();
  const now = useServerNow(offsetMs);
  const phase = phaseAt(room, now);
  return (
    <section
      className={`card ${styles.header}`}
      aria-label={t('games_issue', { issue: room.issue })}
      data-phase={phase.kind}
    >
      <div className={styles.headerTop}>
        <strong data-testid="current-issue" data-issue={room.issue}>
          {t('games_issue', { issue: room.issue })}
        </strong>
        <span className={styles.liveBadge} data-mode={mode}>
          {mode === 'stream' ? t('cc_live') : t('cc_polling')}
        </span>
      </div>
      <div className={styles.timers}>
        <div className={styles.timer}>
          <span>{t('games_close_in')}</span>
          <strong data-testid="countdown-close" data-phase={phase.kind} aria-live="off">
            {phase.kind === 'open' ? formatCountdown(phase.closeIn) : t('cc_closed')}
          </strong>
        </div>
        <div className={styles.timer}>
          <span>{t('games_draw_in')}</span>
          <strong data-testid="countdown-draw">
            {phase.kind === 'drawing' ? t('games_drawing') : formatCountdown(phase.drawIn)}
          </strong>
        </div>
      </div>
      {!room.is_open ? (
        <p className={styles.closedNote} role="status">
          {t('games_room_off')}
        </p>
      ) : phase.kind === 'open' ? null : (
        <p className={styles.closedNote} role="status" data-testid="period-closed">
          {t('cc_closed_text')}
        </p>
      )}
      <div className={styles.balanceRow}>
        <span>{t('game_balance')}</span>
        <strong data-testid="game-balance">
          {balance === undefined ? '…' : <Money value={balance} />}
        </strong>
        <Link to={ROUTES.conversion} className={styles.transfer}>
          {t('cc_transfer')}
        </Link>
      </div>
    </section>
  );
}
