// The weekly salary on the partner page: this week so far, the salary table, the history.
import { DataTable } from '@/components/data-table';
import { Section } from '@/components/form';
import { InfiniteList } from '@/components/infinite-list';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { Rows } from '@/components/rows';
import {
  useSalary,
  useSalaryHistory,
  type SalaryOverview,
  type SalaryPayment,
} from '@/features/growth/team/api/salary';
import styles from '@/features/growth/team/parts/team.module.css';
import { useI18n } from '@/i18n/i18n';
import { formatDate, formatDateTime } from '@/lib/time';

export function SalarySection() {
  const { t } = useI18n();
  const salary = useSalary();
  return (
    <Section title={t('salary_title')}>
      <LoadingGate queries={[salary]} ready={salary.data !== undefined}>
        {() => <SalaryView overview={salary.data!} />}
      </LoadingGate>
    </Section>
  );
}

function SalaryView({ overview }: { overview: SalaryOverview }) {
  const { t } = useI18n();
  return (
    <>
      <Rows
        label={t('salary_this_week')}
        rows={[
          {
            label: t('salary_week_volume'),
            value: <Money value={overview.volume} />,
            testId: 'salary-volume',
          },
          { label: t('salary_week_active'), value: overview.active, testId: 'salary-active' },
          {
            label: t('salary_week_tier'),
            value: overview.tier === 0 ? t('salary_tier_none') : overview.tier,
            strong: true,
          },
          { label: t('salary_paid_on'), value: formatDateTime(overview.week.end) },
        ]}
      />
      <DataTable label={t('salary_table')} caption testId="salary-table">
        <thead>
          <tr>
            <th scope="col">{t('salary_tier')}</th>
            <th scope="col" data-align="end">
              {t('salary_volume_min')}
            </th>
            <th scope="col" data-align="end">
              {t('salary_active_min')}
            </th>
            <th scope="col" data-align="end">
              {t('salary_amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.tiers.map((tier) => (
            <tr key={tier.tier} data-current={tier.tier === overview.tier}>
              <th scope="row">{tier.tier}</th>
              <td data-align="end">
                <Money value={tier.volume_min} />
              </td>
              <td data-align="end">{tier.active_min}</td>
              <td data-align="end">
                <Money value={tier.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <p className={styles.note}>{t('salary_note')}</p>
      <h3 className={styles.note}>{t('salary_history')}</h3>
      <SalaryHistory />
    </>
  );
}

function SalaryHistory() {
  const { t } = useI18n();
  const query = useSalaryHistory();
  return (
    <InfiniteList
      query={query}
      label={t('salary_history')}
      keyOf={(payment: SalaryPayment) => payment.week_start}
      emptyTitle={t('salary_history_empty')}
      render={(payment) => (
        <div className={styles.entry} data-testid="salary-payment">
          <div className={styles.entryHead}>
            <span>{t('salary_week_of', { date: formatDate(payment.week_start) })}</span>
            <Money value={payment.amount} />
          </div>
          <div className={styles.entryMeta}>
            <span>
              {t('salary_tier')} {payment.tier}
            </span>
            <span>
              {t('salary_volume_min')} <Money value={payment.volume} />
            </span>
            <span>
              {t('salary_active_min')} {payment.active}
            </span>
          </div>
        </div>
      )}
    />
  );
}
