// pages/cc/<k3|pk|ssc|rgb>/open: the room's draw history, newest first, each result drawn as
// dice / cars / balls / a coloured number, with the proof of each draw on request.
import { useState } from 'react';
import { InfiniteList } from '@/components/infinite-list';
import { PageHeader } from '@/components/page-header';
import { useHistory, type DrawRecord } from '@/features/games/quick/api/history';
import { drawFacts, drawValues, GAME_INFO, type Game } from '@/features/games/quick/games';
import styles from '@/features/games/quick/parts/cc.module.css';
import { DrawView } from '@/features/games/quick/parts/draw-view';
import { Fairness, useHasFairness } from '@/features/games/parts/fairness-slot';
import { GameNav, RoomSwitch } from '@/features/games/quick/parts/game-nav';
import { useGameRoute } from '@/features/games/quick/parts/use-game-route';
import { say } from '@/features/games/parts/text';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { formatDateTime } from '@/lib/time';

export function Component() {
  const { t } = useI18n();
  const { game, room, setRoom } = useGameRoute();
  const query = useHistory(room);

  return (
    <main className="page">
      <PageHeader title={t(GAME_INFO[game].name)} back fallback={ROUTES.home} />
      <GameNav game={game} page="open" room={room} />
      <div className="page-body">
        <RoomSwitch game={game} room={room} onChange={setRoom} />
        <InfiniteList
          query={query}
          label={t('cc_nav_open')}
          keyOf={(draw: DrawRecord) => draw.issue}
          emptyTitle={t('cc_open_empty')}
          render={(draw) => <DrawRow game={game} room={room} draw={draw} />}
        />
      </div>
    </main>
  );
}

function DrawRow({ game, room, draw }: { game: Game; room: string; draw: DrawRecord }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const hasFairness = useHasFairness();
  const values = drawValues(game, draw.values);
  const label = `${t('games_issue', { issue: draw.issue })}: ${values?.join(', ') ?? ''}`;
  return (
    <article className={styles.drawRow} data-testid="draw-row" data-issue={draw.issue}>
      <div className={styles.recordMeta}>
        <strong className={styles.drawIssue}>{t('games_issue', { issue: draw.issue })}</strong>
        <span>{formatDateTime(draw.drawn_at)}</span>
      </div>
      {values === null ? null : (
        <>
          <DrawView
            game={game}
            values={values}
            size={game === 'pk10' ? 'small' : 'large'}
            label={label}
          />
          <ul className={styles.facts} aria-label={t('cc_result')}>
            {drawFacts(game, values).map((fact, index) => (
              <li key={index}>{say(fact, t)}</li>
            ))}
          </ul>
        </>
      )}
      {hasFairness ? (
        <>
          <button
            type="button"
            className={styles.verifyToggle}
            aria-expanded={open}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? t('games_verify_hide') : t('games_verify')}
          </button>
          {open ? (
            <Fairness
              room={room}
              issue={draw.issue}
              seed={draw.seed}
              previous={draw.previous}
              commitment={draw.commitment}
              values={draw.values}
            />
          ) : null}
        </>
      ) : null}
    </article>
  );
}
