// pages/return-cash/index — recharge cashback: the tiers every approved deposit is paid by,
// the daily cap with what the player got today, and his cashback history (each with what of it
// play has released to his balance).
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Section } from '@/components/form';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import { When } from '@/components/when';
import { useCashbackRecords, useCashbackRules } from '@/features/growth/bonus/api/cashback';
import type { DepositReward } from '@/features/growth/bonus/api/first-deposit';
import { TierTable } from '@/features/growth/bonus/parts/tier-table';
import { percentOfBp } from '@/features/growth/vip/parts/rates';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const rules = useCashbackRules();
  const records = useCashbackRecords();
  return (
    <main className="page">
      <PageHeader title={t('bonus_cashback_title')} back fallback={ROUTES.mine} />
      <div className="page-body">
        <LoadingGate queries={[rules]} ready={rules.data !== undefined}>
          {() => (
            <Section title={t('bonus_cashback_rules')}>
              {rules.data!.tiers.length > 0 ? (
                <TierTable tiers={rules.data!.tiers} label={t('bonus_cashback_rules')} />
              ) : (
                <p>{t('bonus_cashback_off')}</p>
              )}
              <Rows
                rows={[
                  {
                    label: t('bonus_daily_cap'),
                    value: formatMoney(rules.data!.daily_cap),
                  },
                  {
                    label: t('bonus_paid_today'),
                    value: formatMoney(rules.data!.paid_today),
                    testId: 'cashback-today',
                  },
                ]}
              />
            </Section>
          )}
        </LoadingGate>
        <Section title={t('bonus_cashback_history')}>
          <InfiniteList
            query={records}
            label={t('bonus_cashback_history')}
            keyOf={(record: DepositReward) => `${record.deposit_id}`}
            emptyTitle={t('bonus_cashback_empty_title')}
            emptyText={t('bonus_cashback_empty_text')}
            emptyAction={<LinkButton to={ROUTES.deposit}>{t('deposit_title')}</LinkButton>}
            render={(record) => <CashbackRecord record={record} />}
          />
        </Section>
      </div>
    </main>
  );
}

function CashbackRecord({ record }: { record: DepositReward }) {
  const { t } = useI18n();
  return (
    <article data-testid="cashback-record">
      <Rows
        rows={[
          {
            label: t('bonus_cashback_amount'),
            value: `+${formatMoney(record.amount)}`,
            strong: true,
          },
          {
            label: t('bonus_released'),
            value: formatMoney(record.released),
            testId: 'cashback-released',
          },
          {
            label: t('bonus_deposit_amount'),
            value: formatMoney(record.deposit_amount ?? '0'),
          },
          { label: t('bonus_col_rate'), value: `${percentOfBp(record.rate_bp)} %` },
          { label: t('bonus_paid_at'), value: <When at={record.paid_at} /> },
        ]}
      />
    </article>
  );
}
