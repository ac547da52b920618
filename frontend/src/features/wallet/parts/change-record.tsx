// One posting on a player's account as the record pages show it: what moved it, the signed
// amount, the balance after and when; pages add their own lines below.
import type { ReactNode } from 'react';
import { Money } from '@/components/money';
import { When } from '@/components/when';
import type { ChangeRecord } from '@/features/wallet/api/account-changes';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n } from '@/i18n/i18n';
import { formatMoney, signOf } from '@/lib/money';

export function ChangeRecordCard({
  record,
  title,
  testId,
  children,
}: {
  record: ChangeRecord;
  title: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const sign = signOf(record.amount);
  return (
    <article className={styles.record} data-testid={testId}>
      <div className={styles.recordHead}>
        <span className={styles.recordTitle}>{title}</span>
        <span className={styles.recordAmount} data-sign={sign}>
          {sign > 0 ? '+' : ''}
          {formatMoney(record.amount)}
        </span>
      </div>
      <div className={styles.recordMeta}>
        <span>
          {t('balance_after')}: <Money value={record.balance_after} />
        </span>
        <When at={record.created_at} />
      </div>
      {children}
    </article>
  );
}
