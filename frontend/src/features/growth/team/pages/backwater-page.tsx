// pages/mine/backwater/index — Backwater: the rebate and commissions on bets settled but not yet
// paid (at the current rates), the rates, and what each batch paid.
import { Section } from '@/components/form';
import { InfiniteList } from '@/components/infinite-list';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import {
  percentOfBps,
  useRebate,
  useRebateHistory,
  type RebateOverview,
  type RebatePayment,
} from '@/features/growth/team/api/rebate';
import styles from '@/features/growth/team/parts/team.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { formatDateTime } from '@/lib/time';

export function Component() {
  const { t } = useI18n();
  const rebate = useRebate();
  return (
    <main className="page">
      <PageHeader title={t('rebate_title')} back fallback={ROUTES.mine} />
      <div className="page-body">
        <LoadingGate queries={[rebate]} ready={rebate.data !== undefined}>
          {() => <RebateSummary overview={rebate.data!} />}
        </LoadingGate>
        <Section title={t('rebate_history')}>
          <RebateHistory />
        </Section>
      </div>
    </main>
  );
}

function RebateSummary({ overview }: { overview: RebateOverview }) {
  const { t } = useI18n();
  const { rates } = overview;
  return (
    <>
      <Section title={t('rebate_pending')}>
        <Rows
          label={t('rebate_pending')}
          rows={[
            {
              label: t('rebate_pending_total'),
              value: <Money value={overview.pending} />,
              strong: true,
              testId: 'rebate-pending',
            },
            { label: t('rebate_own'), value: <Money value={overview.pending_rebate} /> },
            {
              label: t('rebate_commission'),
              value: <Money value={overview.pending_commission} />,
            },
            { label: t('rebate_next_batch'), value: formatDateTime(overview.next_batch_at) },
          ]}
        />
      </Section>
      <Section title={t('rebate_rates')}>
        <Rows
          label={t('rebate_rates')}
          rows={[
            { label: t('rebate_own_rate'), value: `${percentOfBps(rates.rebate_bps)} %` },
            ...rates.commission_bps.map((bps, index) => ({
              label: t('rebate_level_rate', { level: index + 1 }),
              value: `${percentOfBps(bps)} %`,
            })),
          ]}
        />
        <p className={styles.note}>
          {t('rebate_note', { minutes: Math.round(rates.batch_interval_secs / 60) })}
        </p>
      </Section>
    </>
  );
}

function RebateHistory() {
  const { t } = useI18n();
  const query = useRebateHistory();
  return (
    <InfiniteList
      query={query}
      label={t('rebate_history')}
      keyOf={(payment: RebatePayment) => payment.batch_id}
      emptyTitle={t('rebate_history_empty')}
      emptyText={t('rebate_history_empty_text')}
      render={(payment) => (
        <div className={styles.entry} data-testid="rebate-payment">
          <div className={styles.entryHead}>
            <span>{formatDateTime(payment.paid_at)}</span>
            <Money value={payment.total} />
          </div>
          <div className={styles.entryMeta}>
            <span>
              {t('rebate_own')} <Money value={payment.rebate} />
            </span>
            {payment.commission.map((amount, index) => (
              <span key={index}>
                {t('team_level', { level: index + 1 })} <Money value={amount} />
              </span>
            ))}
          </div>
        </div>
      )}
    />
  );
}
