// pages/yn28/trend (tab 1): per region, the draw history (sum and its tags), a chart of recent
// sums, outcome counts over 20/50/100 draws and the long-dragon runs (GET api/trend/index).
// Each drawn row offers its proof (api/fair/draw, asked when opened) where the app provides it.
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useHasFairness } from '@/features/games/parts/fairness-slot';
import { DataTable } from '@/components/data-table';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { useTrend, type Trend, type TrendRow } from '@/features/games/yn28/api/trend';
import { COUNT_TAGS, COUNT_WINDOWS, tagLabel, type Region } from '@/features/games/yn28/model';
import {
  RegionSwitch,
  SumChart,
  Tags,
  VerifyToggle,
  Yn28DrawProof,
} from '@/features/games/yn28/parts/parts';
import styles from '@/features/games/yn28/parts/yn28.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const [region, setRegion] = useState<Region>('canada');
  const trend = useTrend(region, 100);
  return (
    <main className="page">
      <PageHeader title={t('trend_title')} />
      <div className={`page-body ${styles.body}`}>
        <RegionSwitch region={region} onChange={setRegion} />
        <Link className={styles.link} to={`${ROUTES.yn28Room}?region=${region}`}>
          {t('yn28_hall_title')}
        </Link>
        <LoadingGate queries={[trend]} ready={trend.data !== undefined}>
          {() => <TrendView region={region} trend={trend.data!} />}
        </LoadingGate>
      </div>
    </main>
  );
}

function TrendView({ region, trend }: { region: Region; trend: Trend }) {
  const { t } = useI18n();
  const hasFairness = useHasFairness();
  const sums = trend.list
    .slice(0, 30)
    .map((row) => row.sum)
    .reverse();
  return (
    <>
      <section className="panel">
        <h2>{t('yn28_recent_sums')}</h2>
        <SumChart sums={sums} />
      </section>
      <section className="panel" aria-label={t('yn28_counts')}>
        <h2>{t('yn28_counts')}</h2>
        <DataTable label={t('yn28_counts')} centered testId="trend-counts">
          <thead>
            <tr>
              <td />
              {COUNT_WINDOWS.map((window) => (
                <th key={window} scope="col">
                  {t('yn28_last_n', { n: Number(window) })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COUNT_TAGS.map((tag) => (
              <tr key={tag}>
                <th scope="row">{tagLabel(tag, t)}</th>
                {COUNT_WINDOWS.map((window) => (
                  <td key={window} data-testid={`count-${tag}-${window}`}>
                    {trend.counts[window]?.[tag] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      </section>
      <section className="panel" aria-label={t('yn28_runs')}>
        <h2>{t('yn28_runs')}</h2>
        {trend.runs.length === 0 ? (
          <p className={styles.muted}>{t('yn28_no_runs')}</p>
        ) : (
          <ul className={styles.list}>
            {trend.runs.map((run) => (
              <li key={run.option} data-testid="trend-run">
                <span>{tagLabel(run.option, t)}</span>
                <strong>{t('yn28_run_length', { n: run.length })}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-label={t('yn28_history')}>
        <h2>{t('yn28_history')}</h2>
        {trend.list.length === 0 ? (
          <p className={styles.muted}>{t('games_no_result')}</p>
        ) : (
          <DataTable label={t('yn28_history')}>
            <thead>
              <tr>
                <th scope="col">{t('yn28_col_issue')}</th>
                <th scope="col">{t('yn28_col_result')}</th>
                <th scope="col">{t('yn28_col_tags')}</th>
                {hasFairness ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {trend.list.map((row) => (
                <HistoryRow key={row.issue} region={region} row={row} verifiable={hasFairness} />
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </>
  );
}

/** One drawn period; the region's draw is proven through its ordinary room (the tier rooms share it). */
function HistoryRow({
  region,
  row,
  verifiable,
}: {
  region: Region;
  row: TrendRow;
  verifiable: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <tr data-testid="trend-row" data-issue={row.issue}>
        <td>{row.issue}</td>
        <td>
          {row.a} + {row.b} + {row.c} = <strong>{row.sum}</strong>
        </td>
        <td>
          <Tags tags={row.tags} />
        </td>
        {verifiable ? (
          <td>
            <VerifyToggle open={open} onToggle={() => setOpen((current) => !current)} />
          </td>
        ) : null}
      </tr>
      {verifiable && open ? (
        <tr className={styles.proofRow} data-testid="trend-proof">
          <td colSpan={4}>
            <Yn28DrawProof room={`${region}_ordinary`} issue={row.issue} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
