// pages/yn28/info/withdrawalsrecord — the player's withdrawals with their review state; a
// pending one shows its time in the queue on the server's clock.
import { LinkButton } from '@/components/link-button';
import { useWithdrawRecords, type WithdrawalStatus } from '@/features/wallet/api/withdraw-records';
import { useWithdrawTerms } from '@/features/wallet/api/withdraw-terms';
import { QueueWait } from '@/features/wallet/parts/queue-wait';
import { ReviewedRecordsPage } from '@/features/wallet/parts/reviewed-records';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

const STATUSES: readonly WithdrawalStatus[] = ['pending', 'passed', 'failed', 'rejected'];

export function Component() {
  const { t } = useI18n();
  const serverTime = useWithdrawTerms().data?.now;
  return (
    <ReviewedRecordsPage
      title="withdraw_records_title"
      statuses={STATUSES}
      useRecords={useWithdrawRecords}
      emptyText="withdraw_records_empty_text"
      emptyAction={<LinkButton to={ROUTES.withdraw}>{t('withdraw_title')}</LinkButton>}
      testId="withdraw-record"
      subtitle={(record) => `· ${record.account}`}
      detail={(record) => `${t('withdraw_fee')}: ${formatMoney(record.fee)}`}
      footnote={(record) => `#${record.id}`}
      pendingNote={(record) =>
        serverTime === undefined ? null : <QueueWait secs={serverTime - record.created_at} />
      }
    />
  );
}
