// A deposit programme's tiers: from which amount, what percentage, up to what.
import { DataTable } from '@/components/data-table';
import type { DepositTier } from '@/features/growth/bonus/api/first-deposit';
import { percentOfBp } from '@/features/growth/vip/parts/rates';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';

export function TierTable({ tiers, label }: { tiers: DepositTier[]; label: string }) {
  const { t } = useI18n();
  return (
    <DataTable label={label} testId="bonus-tiers">
      <thead>
        <tr>
          <th scope="col">{t('bonus_col_min')}</th>
          <th scope="col" data-align="end">
            {t('bonus_col_rate')}
          </th>
          <th scope="col" data-align="end">
            {t('bonus_col_cap')}
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.min_amount}>
            <th scope="row">{t('bonus_from', { amount: formatMoney(tier.min_amount) })}</th>
            <td data-align="end">{`${percentOfBp(tier.rate_bp)} %`}</td>
            <td data-align="end">{formatMoney(tier.cap)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
