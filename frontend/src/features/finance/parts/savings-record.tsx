// One line of the savings log: a move in or out, or a day's interest, with the balance after.
import { Rows } from '@/components/rows';
import { When } from '@/components/when';
import type { SavingsRecord } from '@/features/finance/api/savings';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { formatMoney, signOf } from '@/lib/money';

const KIND_KEYS: Record<string, MessageKey> = {
  savings_in: 'kind_savings_in',
  savings_out: 'kind_savings_out',
  interest: 'kind_interest',
};

export function SavingsRecordCard({ record }: { record: SavingsRecord }) {
  const { t } = useI18n();
  const kind = KIND_KEYS[record.kind];
  const sign = signOf(record.amount);
  return (
    <article className="card" data-testid="savings-record">
      <Rows
        label={kind === undefined ? record.kind : t(kind)}
        rows={[
          {
            label: kind === undefined ? record.kind : t(kind),
            value: `${sign > 0 ? '+' : ''}${formatMoney(record.amount)}`,
            strong: true,
          },
          { label: t('balance_after'), value: formatMoney(record.balance_after) },
          {
            label: record.kind === 'interest' ? record.memo : t('yuebao_time'),
            value: <When at={record.created_at} />,
          },
        ]}
      />
    </article>
  );
}
