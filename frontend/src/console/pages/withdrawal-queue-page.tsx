// /withdrawals?page=N: the pending withdrawals, oldest first, 20 a page, asked again every 10 s
// so a new one shows without a reload: who, how much, where to (masked), the players he shares
// payout accounts or addresses with, and the approvals of the four-eyes rule. A row opens the
// withdrawal (its id is the link).
import { Link, useNavigate } from 'react-router';
import { DataTable } from '@/components/data-table';
import { LoadingView } from '@/components/loading';
import {
  useWithdrawalQueue,
  type QueuedWithdrawal,
  type WithdrawalPage,
} from '@/console/api/withdrawal-queue';
import { useText, type Translate } from '@/console/i18n/i18n';
import { formatAge } from '@/console/lib/age';
import { describeError } from '@/console/lib/api';
import { WITHDRAWAL_REVIEW } from '@/console/lib/may';
import { ErrorAlert } from '@/console/parts/messages';
import { QueuePaging, useStepBackPastTheEnd, useUrlPage } from '@/console/parts/queue-paging';
import { RequirePermission } from '@/console/parts/require-permission';
import styles from '@/console/pages/pages.module.css';
import { formatMoney } from '@/lib/money';
import { openRow } from '@/console/lib/open-row';

/** The approvals of the four-eyes rule: "needs 2", "1 of 2 (mai)", or none needed. */
export function approvalsOf(withdrawal: QueuedWithdrawal, t: Translate): string {
  if (withdrawal.first_approval !== null)
    return t('approvals_one_of_two', { name: withdrawal.first_approval.approved_by });
  return withdrawal.second_approval_needed ? t('approvals_needs_two') : t('none');
}

/** The server's one line of linked players, "—" when nothing links him ("-"). */
export const linkedOf = (withdrawal: QueuedWithdrawal, t: Translate): string =>
  withdrawal.linked === '-' || withdrawal.linked === '' ? t('none') : withdrawal.linked;

export function WithdrawalQueuePage() {
  return (
    <RequirePermission
      permission={WITHDRAWAL_REVIEW}
      title="w_queue_title"
      refusal="w_no_permission"
    >
      <WithdrawalQueue />
    </RequirePermission>
  );
}

function WithdrawalQueue() {
  const { t } = useText();
  const { page, goTo } = useUrlPage();
  const queue = useWithdrawalQueue(page);
  const data = queue.data;
  useStepBackPastTheEnd(data, page);

  return (
    <>
      <h1 className={styles.title}>{t('w_queue_title')}</h1>
      {queue.isError ? <ErrorAlert>{describeError(queue.error)}</ErrorAlert> : null}
      {data === undefined ? (
        queue.isError ? null : (
          <LoadingView label={t('loading')} />
        )
      ) : (
        <QueueTable data={data} onPage={goTo} />
      )}
    </>
  );
}

function QueueTable({ data, onPage }: { data: WithdrawalPage; onPage: (page: number) => void }) {
  const { t } = useText();
  const navigate = useNavigate();
  const oldest = data.page === 1 ? data.list[0] : undefined;

  return (
    <section className={styles.card} aria-label={t('w_queue_table')}>
      <p className={styles.lead} data-testid="queue-summary">
        {t('w_queue_summary', { n: data.total })}
        {oldest === undefined
          ? null
          : ` ${t('queue_oldest', { age: formatAge(oldest.age_secs, t) })}`}
      </p>
      {data.list.length === 0 ? (
        <p className={styles.empty}>{t('w_queue_empty')}</p>
      ) : (
        <DataTable label={t('w_queue_table')} testId="withdrawal-queue">
          <thead>
            <tr>
              <th scope="col">{t('col_id')}</th>
              <th scope="col">{t('col_player')}</th>
              <th scope="col" data-align="end">
                {t('col_amount')}
              </th>
              <th scope="col" data-align="end">
                {t('col_fee')}
              </th>
              <th scope="col">{t('col_paid_to')}</th>
              <th scope="col">{t('col_linked')}</th>
              <th scope="col">{t('col_approvals')}</th>
              <th scope="col" data-align="end">
                {t('col_age')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((withdrawal) => (
              // The whole row opens the withdrawal for a pointer; the id's link for a keyboard.
              <tr
                key={withdrawal.id}
                className={styles.row}
                onClick={openRow(navigate, `/withdrawals/${withdrawal.id}`)}
              >
                <td>
                  <Link
                    to={`/withdrawals/${withdrawal.id}`}
                    className={styles.rowLink}
                    aria-label={t('w_title', { id: withdrawal.id })}
                  >
                    {withdrawal.id}
                  </Link>
                </td>
                <td>{withdrawal.player}</td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(withdrawal.amount)}
                </td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(withdrawal.fee)}
                </td>
                <td>{withdrawal.account}</td>
                <td>{linkedOf(withdrawal, t)}</td>
                <td>{approvalsOf(withdrawal, t)}</td>
                <td data-align="end" className={styles.number}>
                  {formatAge(withdrawal.age_secs, t)}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <QueuePaging data={data} onPage={onPage} />
    </section>
  );
}
