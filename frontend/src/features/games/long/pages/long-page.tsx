// pages/cc/long — the long-dragon board: for every two- or three-way option of every game, the
// current run of identical outcomes ending at the latest draw; longest first.
import { Empty } from '@/components/empty';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { useLongRuns } from '@/features/games/long/api/long-runs';
import styles from '@/features/games/long/parts/long.module.css';
import { orderRuns } from '@/features/games/long/parts/runs';
import { useI18n } from '@/i18n/i18n';
import { optionLabel, roomLabel } from '@/features/games/parts/game-labels';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t, lang } = useI18n();
  const query = useLongRuns();
  const board = query.data;

  return (
    <main className="page">
      <PageHeader title={t('long_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[query]} ready={board !== undefined}>
          {() => {
            if (board === undefined) return null;
            const runs = orderRuns(board.list);
            if (runs.length === 0)
              return (
                <Empty
                  title={t('long_empty_title')}
                  text={t('long_empty_text', { n: board.threshold })}
                />
              );
            return (
              <>
                <p className={styles.intro}>{t('long_intro', { n: board.threshold })}</p>
                <ul className={styles.list} aria-label={t('long_title')}>
                  {runs.map((run) => (
                    <li
                      key={`${run.room}:${run.option}`}
                      className={styles.run}
                      data-testid="long-run"
                    >
                      <span className={styles.text}>
                        <span className={styles.room}>{roomLabel(run.room, t, lang)}</span>
                        <span className={styles.option}>
                          {optionLabel(run.game, run.option, t)}
                        </span>
                        <span className={styles.issue}>
                          {t('long_latest', { issue: run.issue })}
                        </span>
                      </span>
                      <strong className={styles.length}>{t('long_run', { n: run.length })}</strong>
                    </li>
                  ))}
                </ul>
              </>
            );
          }}
        </LoadingGate>
      </div>
    </main>
  );
}
