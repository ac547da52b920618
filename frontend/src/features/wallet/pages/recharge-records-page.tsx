// pages/yn28/info/rechargerecord — the player's deposits with their review state. A deposit still
// waiting for review says what the spec says then: not credited yet, refresh the balance or log
// in again.
import { useQueryClient } from '@tanstack/react-query';
import { LinkButton } from '@/components/link-button';
import { useRechargeRecords, type DepositStatus } from '@/features/wallet/api/recharge-records';
import { ReviewedRecordsPage } from '@/features/wallet/parts/reviewed-records';
import styles from '@/features/wallet/parts/wallet.module.css';
import { profileKey } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

const STATUSES: readonly DepositStatus[] = ['pending', 'passed', 'failed', 'rejected'];

function PendingNote() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  return (
    <p className={styles.pendingNote} data-testid="deposit-pending-note">
      {t('deposit_not_credited')}{' '}
      <button
        type="button"
        className={styles.inlineAction}
        onClick={() => void queryClient.invalidateQueries({ queryKey: profileKey })}
      >
        {t('refresh_balance')}
      </button>
    </p>
  );
}

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
      footnote={(record) =>
        [
          record.account_label === '' ? '' : `${t('record_paid_to')}: ${record.account_label}`,
          record.content,
        ]
          .filter((line) => line !== '')
          .join(' · ')
      }
      pendingNote={<PendingNote />}
    />
  );
}
