// The adjustments of a player's wallet that wait for a second staff member (the four-eyes
// rule): the signed amount, reason, who asked and when; with wallet:balance:adjust, Approve
// (applies it; refused to the one who asked: second_approver_needed) and Cancel.
import { useState } from 'react';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import type { AdjustmentRequest } from '@/console/api/player';
import { useDecideAdjustment } from '@/console/api/player-actions';
import { useText } from '@/console/i18n/i18n';
import { describeRefusal } from '@/console/lib/refusal';
import { ErrorAlert, SuccessStatus } from '@/console/parts/messages';
import styles from '@/console/pages/pages.module.css';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

export const signedRequest = (request: AdjustmentRequest): string =>
  `${request.credit ? '+' : '-'}${formatMoney(request.amount)}`;

export function AdjustmentsWaiting({ list, may }: { list: AdjustmentRequest[]; may: boolean }) {
  const { t } = useText();
  const decide = useDecideAdjustment();
  const [done, setDone] = useState<string | null>(null);
  const said = decide.isError || decide.isPending ? null : done;
  const run = (id: number, verb: 'approve' | 'cancel') =>
    decide.mutate(
      { id, verb },
      {
        onSuccess: () =>
          setDone(
            t(verb === 'approve' ? 'done_adjustment_applied' : 'done_adjustment_cancelled', { id }),
          ),
      },
    );

  return (
    <section className={styles.card} aria-labelledby="player-adjustments">
      <h2 id="player-adjustments">{t('adjustments_title')}</h2>
      {said === null ? null : <SuccessStatus>{said}</SuccessStatus>}
      {decide.isError ? <ErrorAlert>{describeRefusal(decide.error)}</ErrorAlert> : null}
      {list.length === 0 ? (
        <p className={styles.empty}>{t('adjustments_none')}</p>
      ) : (
        <DataTable label={t('adjustments_title')} testId="adjustments-waiting">
          <thead>
            <tr>
              <th scope="col">{t('col_id')}</th>
              <th scope="col" data-align="end">
                {t('col_amount')}
              </th>
              <th scope="col">{t('col_reason')}</th>
              <th scope="col">{t('col_asked_by')}</th>
              <th scope="col">{t('col_time')}</th>
              {may ? <th scope="col">{t('col_actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.map((request) => (
              <tr key={request.id}>
                <td>{request.id}</td>
                <td data-align="end" className={styles.number}>
                  {signedRequest(request)}
                </td>
                <td className={styles.wrap}>{request.reason}</td>
                <td>{request.requested_by}</td>
                <td className={styles.number}>{formatDateTime(request.requested_at)}</td>
                {may ? (
                  <td>
                    <div className={styles.actions}>
                      <Button
                        size="small"
                        disabled={decide.isPending}
                        aria-label={t('adjustment_approve_named', { id: request.id })}
                        onClick={() => run(request.id, 'approve')}
                      >
                        {t('approve')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        disabled={decide.isPending}
                        aria-label={t('adjustment_cancel_named', { id: request.id })}
                        onClick={() => run(request.id, 'cancel')}
                      >
                        {t('cancel')}
                      </Button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
