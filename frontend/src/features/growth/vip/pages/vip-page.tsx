// pages/vip/index — Level: the player's VIP level, one progress bar per condition of the next
// level (total deposit and betting points, both needed) with the exact amount still needed,
// and every level's benefits.
import { LoadingGate } from '@/components/loading-gate';
import { Section } from '@/components/form';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import { useVipOverview, type VipOverview } from '@/features/growth/vip/api/vip-index';
import { LevelTable } from '@/features/growth/vip/parts/level-table';
import { percentOfBp, progressPercent } from '@/features/growth/vip/parts/rates';
import styles from '@/features/growth/vip/parts/vip.module.css';
import { useI18n } from '@/i18n/i18n';
import { formatMoney, type MoneyText } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const overview = useVipOverview();
  return (
    <main className="page">
      <PageHeader title={t('vip_title')} back fallback={ROUTES.mine} />
      <div className="page-body">
        <LoadingGate queries={[overview]} ready={overview.data !== undefined}>
          {() => <VipView overview={overview.data!} />}
        </LoadingGate>
      </div>
    </main>
  );
}

export function VipView({ overview }: { overview: VipOverview }) {
  const { t } = useI18n();
  const own = overview.levels.find((level) => level.level === overview.level);
  return (
    <>
      <Section title={t('vip_current_title')}>
        <div className={styles.current}>
          <span className={styles.badge} data-testid="vip-current">
            {t('vip_level', { level: overview.level })}
          </span>
          {overview.next === null ? (
            <p className={styles.next}>{t('vip_top_reached')}</p>
          ) : (
            <p className={styles.next}>{t('vip_next_hint', { level: overview.next.level })}</p>
          )}
        </div>
        {own === undefined ? null : (
          <Rows
            label={t('vip_benefits_title')}
            rows={[
              {
                label: t('vip_col_single_max'),
                value: formatMoney(own.withdraw_single_max),
                testId: 'vip-single-max',
              },
              {
                label: t('vip_col_daily_count'),
                value: String(own.withdraw_daily_count),
                testId: 'vip-daily-count',
              },
              {
                label: t('vip_col_deposit_reward'),
                value: `${percentOfBp(own.deposit_reward_bp)} %`,
              },
            ]}
          />
        )}
      </Section>
      {overview.next === null ? null : (
        <Section title={t('vip_progress_title', { level: overview.next.level })}>
          <Condition
            label={t('vip_col_deposit')}
            have={overview.total_deposit}
            target={targetOf(overview, 'total_deposit')}
            needed={overview.next.deposit_needed}
            testId="vip-deposit-needed"
          />
          <Condition
            label={t('vip_col_betting')}
            have={overview.betting_points}
            target={targetOf(overview, 'betting_points')}
            needed={overview.next.betting_needed}
            testId="vip-betting-needed"
          />
          <Notice>{t('vip_both_needed')}</Notice>
        </Section>
      )}
      <Section title={t('vip_levels_title')}>
        <LevelTable levels={overview.levels} current={overview.level} />
        <p className={styles.needed}>{t('vip_reward_once')}</p>
      </Section>
    </>
  );
}

function targetOf(overview: VipOverview, field: 'total_deposit' | 'betting_points'): MoneyText {
  const next = overview.levels.find((level) => level.level === overview.next?.level);
  return next?.[field] ?? '0.00';
}

function Condition({
  label,
  have,
  target,
  needed,
  testId,
}: {
  label: string;
  have: MoneyText;
  target: MoneyText;
  needed: MoneyText;
  testId: string;
}) {
  const { t } = useI18n();
  const percent = progressPercent(have, target);
  return (
    <div className={styles.condition}>
      <div className={styles.conditionHead}>
        <span>{label}</span>
        <span>{`${formatMoney(have)} / ${formatMoney(target)}`}</span>
      </div>
      {/* The figures above and the line below say the same in words. */}
      <div className={styles.bar} aria-hidden="true">
        <span
          className={styles.fill}
          style={{ width: `${percent}%` }}
          data-testid={`${testId}-bar`}
        />
      </div>
      <p className={styles.needed} data-testid={testId}>
        {t('vip_still_needed', { amount: formatMoney(needed) })}
      </p>
    </div>
  );
}
