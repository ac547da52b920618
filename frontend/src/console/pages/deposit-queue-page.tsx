// /deposits?page=N: the pending deposits, oldest first, 20 a page, asked again every 10 s so
// a new one shows without a reload. A row opens the deposit (its id is the link).
import { Link, useNavigate } from 'react-router';
import { DataTable } from '@/components/data-table';
import { LoadingView } from '@/components/loading';
import { useDepositQueue, type DepositPage } from '@/console/api/deposit-queue';
import { useText } from '@/console/i18n/i18n';
import { formatAge } from '@/console/lib/age';
import { describeError } from '@/console/lib/api';
import { DEPOSIT_REVIEW } from '@/console/lib/may';
import { ErrorAlert } from '@/console/parts/messages';
import { QueuePaging, useStepBackPastTheEnd, useUrlPage } from '@/console/parts/queue-paging';
import { RequirePermission } from '@/console/parts/require-permission';
import { useMethodLabel } from '@/console/parts/status-badge';
import styles from '@/console/pages/pages.module.css';
import { formatMoney } from '@/lib/money';
import { openRow } from '@/console/lib/open-row';

export function DepositQueuePage() {
  return (
    <RequirePermission permission={DEPOSIT_REVIEW} title="queue_title" refusal="no_permission">
      <DepositQueue />
    </RequirePermission>
  );
}

function DepositQueue() {
  const { t } = useText();
  const { page, goTo } = useUrlPage();
  const queue = useDepositQueue(page);
  const data = queue.data;
  useStepBackPastTheEnd(data, page);

  return (
    <>
      <h1 className={styles.title}>{t('queue_title')}</h1>
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

function QueueTable({ data, onPage }: { data: DepositPage; onPage: (page: number) => void }) {
  const { t } = useText();
  const navigate = useNavigate();
  const methodLabel = useMethodLabel();
  const oldest = data.page === 1 ? data.list[0] : undefined;

  return (
    <section className={styles.card} aria-label={t('queue_table')}>
      <p className={styles.lead} data-testid="queue-summary">
        {t('queue_summary', { n: data.total })}
        {oldest === undefined
          ? null
          : ` ${t('queue_oldest', { age: formatAge(oldest.age_secs, t) })}`}
      </p>
      {data.list.length === 0 ? (
        <p className={styles.empty}>{t('queue_empty')}</p>
      ) : (
        <DataTable label={t('queue_table')} testId="deposit-queue">
          <thead>
            <tr>
              <th scope="col">{t('col_id')}</th>
              <th scope="col">{t('col_player')}</th>
              <th scope="col" data-align="end">
                {t('col_amount')}
              </th>
              <th scope="col" data-align="end">
                {t('col_pay_amount')}
              </th>
              <th scope="col">{t('col_method')}</th>
              <th scope="col">{t('col_account')}</th>
              <th scope="col" data-align="end">
                {t('col_age')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((deposit) => (
              // The whole row opens the deposit for a pointer; the id's link for a keyboard.
              <tr
                key={deposit.id}
                className={styles.row}
                onClick={openRow(navigate, `/deposits/${deposit.id}`)}
              >
                <td>
                  <Link
                    to={`/deposits/${deposit.id}`}
                    className={styles.rowLink}
                    aria-label={t('detail_title', { id: deposit.id })}
                  >
                    {deposit.id}
                  </Link>
                </td>
                <td>{deposit.player}</td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(deposit.amount)}
                </td>
                <td data-align="end" className={styles.number}>
                  {formatMoney(deposit.pay_amount)} {deposit.currency}
                </td>
                <td>{methodLabel(deposit.method)}</td>
                <td>{deposit.account_label}</td>
                <td data-align="end" className={styles.number}>
                  {formatAge(deposit.age_secs, t)}
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
