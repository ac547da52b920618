// The player's recent deposits and recent withdrawals, beside a deposit or a withdrawal (the
// one on screen marked). A row links to its own detail when the staff member may review it.
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import type { RecentWithdrawal } from '@/console/api/deposit-detail';
import type { DepositRecord } from '@/console/api/deposit-queue';
import { useText } from '@/console/i18n/i18n';
import { StatusBadge, useMethodLabel } from '@/console/parts/status-badge';
import styles from '@/console/pages/pages.module.css';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

type Props<T> = {
  list: T[];
  /** The one on screen: marked, not linked. */
  current?: number;
  /** Whether the others link to their detail (the staff member may review them). */
  linked?: boolean;
};

export function RecentDeposits({ list, current, linked = true }: Props<DepositRecord>) {
  const { t } = useText();
  return (
    <section className={styles.card} aria-labelledby="recent-deposits">
      <h2 id="recent-deposits">{t('recent_deposits')}</h2>
      {list.length === 0 ? (
        <p className={styles.empty}>{t('recent_deposits_empty')}</p>
      ) : (
        <DataTable label={t('recent_deposits')} testId="recent-deposits">
          <thead>
            <tr>
              <th scope="col">{t('col_id')}</th>
              <th scope="col" data-align="end">
                {t('col_amount')}
              </th>
              <th scope="col" data-align="end">
                {t('col_pay_amount')}
              </th>
              <th scope="col">{t('col_status')}</th>
              <th scope="col">{t('col_requested')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((deposit) => (
              <tr key={deposit.id} aria-current={deposit.id === current ? 'true' : undefined}>
                <td>
                  {deposit.id === current ? (
                    <>
                      {deposit.id} <span className={styles.current}>({t('this_deposit')})</span>
                    </>
                  ) : linked ? (
                    <Link
                      to={`/deposits/${deposit.id}`}
                      aria-label={t('detail_title', { id: deposit.id })}
                    >
                      {deposit.id}
                    </Link>
                  ) : (
                    deposit.id
                  )}
                </td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(deposit.amount)}
                </td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(deposit.pay_amount)} {deposit.currency}
                </td>
                <td>
                  <StatusBadge status={deposit.status} />
                </td>
                <td className={styles.number}>{formatDateTime(deposit.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

export function RecentWithdrawals({ list, current, linked = false }: Props<RecentWithdrawal>) {
  const { t } = useText();
  const methodLabel = useMethodLabel();
  return (
    <section className={styles.card} aria-labelledby="recent-withdrawals">
      <h2 id="recent-withdrawals">{t('recent_withdrawals')}</h2>
      {list.length === 0 ? (
        <p className={styles.empty}>{t('recent_withdrawals_empty')}</p>
      ) : (
        <DataTable label={t('recent_withdrawals')} testId="recent-withdrawals">
          <thead>
            <tr>
              <th scope="col">{t('col_id')}</th>
              <th scope="col" data-align="end">
                {t('col_amount')}
              </th>
              <th scope="col" data-align="end">
                {t('col_fee')}
              </th>
              <th scope="col">{t('col_method')}</th>
              <th scope="col">{t('col_status')}</th>
              <th scope="col">{t('col_requested')}</th>
              <th scope="col">{t('col_reason')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((withdrawal) => (
              <tr key={withdrawal.id} aria-current={withdrawal.id === current ? 'true' : undefined}>
                <td>
                  {withdrawal.id === current ? (
                    <>
                      {withdrawal.id}{' '}
                      <span className={styles.current}>({t('this_withdrawal')})</span>
                    </>
                  ) : linked ? (
                    <Link
                      to={`/withdrawals/${withdrawal.id}`}
                      aria-label={t('w_title', { id: withdrawal.id })}
                    >
                      {withdrawal.id}
                    </Link>
                  ) : (
                    withdrawal.id
                  )}
                </td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(withdrawal.amount)}
                </td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(withdrawal.fee)}
                </td>
                <td>{methodLabel(withdrawal.method)}</td>
                <td>
                  <StatusBadge status={withdrawal.status} withdrawal />
                </td>
                <td className={styles.number}>{formatDateTime(withdrawal.created_at)}</td>
                <td>{withdrawal.reason === '' ? t('none') : withdrawal.reason}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
