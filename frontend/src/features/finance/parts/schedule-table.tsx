// A payout schedule as a table: number, due time, interest, principal, amount (and, for an
// order, when each was paid), with the totals underneath.
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import type { Instalment } from '@/features/finance/api/product-schedule';
import { formatMinute } from '@/features/finance/parts/product-text';
import { useI18n } from '@/i18n/i18n';
import { formatMoney, type MoneyText } from '@/lib/money';

type Row = Instalment & { paid_at?: number | null };

type Props = {
  label: string;
  rows: readonly Row[];
  totals: { interest: MoneyText; principal: MoneyText; amount: MoneyText };
  /** Adds the column of paid times ("due" until paid). */
  paid?: boolean;
  testId?: string;
};

export function ScheduleTable({ label, rows, totals, paid = false, testId }: Props) {
  const { t } = useI18n();
  return (
    <DataTable label={label} testId={testId}>
      <thead>
        <tr>
          <th scope="col">{t('goods_schedule_number')}</th>
          <th scope="col">{t('goods_schedule_due')}</th>
          <th scope="col" data-align="end">
            {t('goods_interest')}
          </th>
          <th scope="col" data-align="end">
            {t('goods_principal')}
          </th>
          <th scope="col" data-align="end">
            {t('goods_payout_amount')}
          </th>
          {paid ? <th scope="col">{t('goods_paid_at')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.number} data-testid="schedule-row">
            <th scope="row">{row.number}</th>
            <td>{formatMinute(row.due_at)}</td>
            <td data-align="end">{formatMoney(row.interest)}</td>
            <td data-align="end">{formatMoney(row.principal)}</td>
            <td data-align="end">{formatMoney(row.amount)}</td>
            {paid ? (
              <td>
                {row.paid_at === null || row.paid_at === undefined ? (
                  <Badge tone="wait">{t('goods_due')}</Badge>
                ) : (
                  formatMinute(row.paid_at)
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid="schedule-totals">
          <th scope="row" colSpan={2}>
            {t('goods_schedule_total')}
          </th>
          <td data-align="end">{formatMoney(totals.interest)}</td>
          <td data-align="end">{formatMoney(totals.principal)}</td>
          <td data-align="end">{formatMoney(totals.amount)}</td>
          {paid ? <td /> : null}
        </tr>
      </tfoot>
    </DataTable>
  );
}
