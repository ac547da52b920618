// Small pieces shared by the hall, room, trade and trend pages.
import { useState } from 'react';
import { Tabs } from '@/components/tabs';
import { DrawProof, useHasFairness } from '@/features/games/parts/fairness-slot';
import { formatCountdown, phaseAt, type Period } from '@/features/games/live/clock';
import { useServerNow } from '@/features/games/live/use-clock';
import {
  chartMidY,
  chartPoints,
  parseDraw,
  pointsAttr,
  REGIONS,
  tagLabel,
  tagsOf,
  tagTone,
  type Region,
} from '@/features/games/yn28/model';
import styles from '@/features/games/yn28/parts/yn28.module.css';
import { useI18n } from '@/i18n/i18n';
import { regionName } from '@/features/games/parts/game-labels';
import type { LastDraw } from '@/features/games/api/room-index';

export function RegionSwitch({
  region,
  onChange,
}: {
  region: Region;
  onChange: (region: Region) => void;
}) {
  const { t, lang } = useI18n();
  return (
    <Tabs
      label={t('yn28_region')}
      value={region}
      choices={REGIONS.map((code) => ({ value: code, label: regionName(code, lang) }))}
      onChange={onChange}
      testId={(code) => `region-${code}`}
    />
  );
}

/** "Closes in 0:42" on the server's clock (offset from `now`). */
export function Countdown({ period, offsetMs }: { period: Period; offsetMs: number }) {
  const { t } = useI18n();
  const phase = phaseAt(period, useServerNow(offsetMs));
  return (
    <span
      className={styles.countdown}
      data-testid="countdown"
      data-phase={phase.kind}
      aria-live="off"
    >
      {phase.kind === 'open'
        ? `${t('games_close_in')} ${formatCountdown(phase.closeIn)}`
        : phase.kind === 'closed'
          ? `${t('games_draw_in')} ${formatCountdown(phase.drawIn)}`
          : t('games_drawing')}
    </span>
  );
}

export function Tags({ tags }: { tags: readonly string[] }) {
  const { t } = useI18n();
  return (
    <span className={styles.tags}>
      {tags.map((tag) => (
        <span key={tag} className={styles.tag} data-tone={tagTone(tag)}>
          {tagLabel(tag, t)}
        </span>
      ))}
    </span>
  );
}

/** "Verify this draw" / "Hide verification": shown only where the app provides the fairness view. */
export function VerifyToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={styles.verifyToggle}
      aria-expanded={open}
      data-testid="verify-toggle"
      onClick={onToggle}
    >
      {open ? t('games_verify_hide') : t('games_verify')}
    </button>
  );
}

/** The proof of a drawn period of `room` (a tier room; the region's rooms share the draw), loaded when shown. */
export function Yn28DrawProof({ room, issue }: { room: string; issue: string }) {
  return <DrawProof room={room} issue={issue} className={styles.muted} />;
}

/** a + b + c = sum with its tags, the keno numbers it came from and, on request, the proof of the draw. */
export function LatestResult({ room, last }: { room: string; last: LastDraw | null }) {
  const { t } = useI18n();
  const hasFairness = useHasFairness();
  const [verifying, setVerifying] = useState<string | null>(null);
  const draw = last === null ? null : parseDraw(last.values);
  return (
    <section
      className="panel"
      data-testid="latest-result"
      data-issue={last?.issue ?? ''}
      aria-label={t('games_latest')}
    >
      <div className={styles.row}>
        <h2>{t('games_latest')}</h2>
        {last === null ? null : (
          <span className={styles.muted}>{t('games_issue', { issue: last.issue })}</span>
        )}
      </div>
      {draw === null ? (
        <p className={styles.muted}>{t('games_no_result')}</p>
      ) : (
        <>
          <p className={styles.sumLine} data-testid="result-sum">
            {draw.digits.map((digit, index) => (
              <span key={index} className={styles.ball}>
                {digit}
              </span>
            ))}
            <span className={styles.eq}>=</span>
            <span className={`${styles.ball} ${styles.sumBall}`}>{draw.sum}</span>
          </p>
          <Tags tags={tagsOf(draw.digits)} />
          {draw.numbers.length === 0 ? null : (
            <p className={styles.keno}>
              {t('games_keno')}: {draw.numbers.join(' ')}
            </p>
          )}
        </>
      )}
      {last !== null && hasFairness ? (
        <>
          <VerifyToggle
            open={verifying === last.issue}
            onToggle={() => setVerifying((current) => (current === last.issue ? null : last.issue))}
          />
          {verifying === last.issue ? <Yn28DrawProof room={room} issue={last.issue} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** Recent sums, oldest left, with the big/small line between 13 and 14 (plain SVG). */
export function SumChart({ sums, height = 90 }: { sums: readonly number[]; height?: number }) {
  const { t } = useI18n();
  const width = 320;
  const points = chartPoints(sums, width, height);
  const mid = chartMidY(height);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t('yn28_chart', { n: sums.length })}
      data-testid="sum-chart"
    >
      <line x1={0} x2={width} y1={mid} y2={mid} className={styles.chartMid} />
      <polyline points={pointsAttr(points)} className={styles.chartLine} fill="none" />
      {points.map((point, index) => (
        <circle
          key={index}
          cx={point.x}
          cy={point.y}
          r={2.5}
          className={(sums[index] ?? 0) >= 14 ? styles.dotUp : styles.dotDown}
        />
      ))}
    </svg>
  );
}
