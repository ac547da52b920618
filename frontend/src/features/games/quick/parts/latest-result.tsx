// The latest result with its 2 s reveal and, on request, the proof of the draw.
import { useState } from 'react';
import type { LastDraw } from '@/features/games/api/room-index';
import { drawFacts, drawValues, type Game } from '@/features/games/quick/games';
import styles from '@/features/games/quick/parts/cc.module.css';
import { DrawView } from '@/features/games/quick/parts/draw-view';
import { DrawProof, useHasFairness } from '@/features/games/parts/fairness-slot';
import { useReveal } from '@/features/games/quick/parts/use-reveal';
import { say } from '@/features/games/parts/text';
import { useI18n } from '@/i18n/i18n';

export function LatestResult({
  game,
  room,
  last,
}: {
  game: Game;
  room: string;
  last: LastDraw | null;
}) {
  const { t } = useI18n();
  const values = last === null ? null : drawValues(game, last.values);
  const revealing = useReveal(last?.issue);
  const hasFairness = useHasFairness();
  const [verifying, setVerifying] = useState<string | null>(null);
  const label =
    last === null || values === null
      ? ''
      : `${t('games_issue', { issue: last.issue })}: ${values.join(', ')}`;

  return (
    <section
      className={`card ${styles.latest}`}
      data-testid="latest-result"
      data-issue={last?.issue ?? ''}
      aria-label={t('games_latest')}
    >
      <div className={styles.latestHead}>
        <h2>{t('games_latest')}</h2>
        {last === null ? null : <span>{t('games_issue', { issue: last.issue })}</span>}
      </div>
      {last === null || values === null ? (
        <p className={styles.muted}>{last === null ? t('games_no_result') : last.issue}</p>
      ) : (
        <>
          <DrawView game={game} values={values} revealing={revealing} label={label} />
          <ul className={styles.facts} aria-label={t('cc_result')} data-revealing={revealing}>
            {drawFacts(game, values).map((fact, index) => (
              <li key={index}>{say(fact, t)}</li>
            ))}
          </ul>
          <p className="sr-only" aria-live="polite">
            {revealing ? '' : label}
          </p>
        </>
      )}
      {last !== null && hasFairness ? (
        <>
          <button
            type="button"
            className={styles.verifyToggle}
            aria-expanded={verifying === last.issue}
            onClick={() => setVerifying((current) => (current === last.issue ? null : last.issue))}
          >
            {verifying === last.issue ? t('games_verify_hide') : t('games_verify')}
          </button>
          {verifying === last.issue ? (
            <DrawProof room={room} issue={last.issue} className={styles.muted} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
