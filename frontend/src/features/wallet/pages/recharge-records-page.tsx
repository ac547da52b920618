// pages/yn28/info/rechargerecord — the player's deposits with their review state.
import { LinkButton } from '@/components/link-button';
import { useRechargeRecords, type DepositStatus } from '@/features/wallet/api/recharge-records';
import { ReviewedRecordsPage } from '@/features/wallet/parts/reviewed-records';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

const STATUSES: readonly DepositStatus[] = ['pending', 'passed', 'rejected'];

export function Component() {
  const { t } = useI18n();
  return (
    <ReviewedRecordsPage
      title="recharge_records_title"
      statuses={STATUSES}
      useRecords={useRechargeRecords}
      emptyText="recharge_records_empty_text"
      emptyAction={<LinkButton to={ROUTES.deposit}>{t('deposit_title')}</LinkButton>}
      testId="recharge-record"
      subtitle={(record) => `#${record.id}`}
      detail={(record) =>
        `${t('pay_amount')}: ${formatMoney(record.pay_amount)} ${record.currency}`
      }
      footnote={(record) => record.content}
    />
  );
}
