// /deposits/:id: every field of the deposit, its voucher, the player's recent deposits and
// withdrawals beside it, and (with the permission, while it is pending) the review actions.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingView } from '@/components/loading';
import { Rows, type Row } from '@/components/rows';
import { useDepositDetail } from '@/console/api/deposit-detail';
import type { QueuedDeposit } from '@/console/api/deposit-queue';
import { useReviewDeposit, type ReviewVerb } from '@/console/api/deposit-review';
import { useText, type TextKey, type Translate } from '@/console/i18n/i18n';
import { formatAge } from '@/console/lib/age';
import { describeError } from '@/console/lib/api';
import { DEPOSIT_REVIEW, may, WITHDRAWAL_REVIEW } from '@/console/lib/may';
import { useSessionState } from '@/console/lib/session';
import { ErrorAlert, SuccessStatus } from '@/console/parts/messages';
import { NotFoundPage } from '@/console/pages/not-found-page';
import { RecentDeposits, RecentWithdrawals } from '@/console/parts/player-history';
import { RequirePermission } from '@/console/parts/require-permission';
import { ReviewActions } from '@/console/parts/review-actions';
import { StatusBadge, useMethodLabel } from '@/console/parts/status-badge';
import { Voucher } from '@/console/parts/voucher';
import styles from '@/console/pages/pages.module.css';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

const DONE: Record<ReviewVerb, TextKey> = {
  approve: 'done_approved',
  reject: 'done_rejected',
  fail: 'done_failed',
};

export function DepositDetailPage() {
  return (
    <RequirePermission permission={DEPOSIT_REVIEW} title="queue_title" refusal="no_permission">
      <DepositDetail />
    </RequirePermission>
  );
}

function DepositDetail() {
  const text = useParams().id ?? '';
  const id = Number.parseInt(text, 10);
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(id)) return <NotFoundPage />;
  return <DepositView id={id} />;
}

function DepositView({ id }: { id: number }) {
  const { t } = useText();
  const detail = useDepositDetail(id);
  const review = useReviewDeposit();
  const { session } = useSessionState();
  const [done, setDone] = useState<ReviewVerb | null>(null);
  const methodLabel = useMethodLabel();
  const data = detail.data;

  return (
    <>
      <Link to="/deposits" className={styles.back}>
        ← {t('detail_back')}
      </Link>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{t('detail_title', { id })}</h1>
        {data === undefined ? null : <StatusBadge status={data.deposit.status} />}
      </div>
      {done === null ? null : <SuccessStatus>{t(DONE[done], { id })}</SuccessStatus>}
      {detail.isError ? <ErrorAlert>{describeError(detail.error)}</ErrorAlert> : null}
      {data === undefined ? (
        detail.isError ? null : (
          <LoadingView label={t('loading')} />
        )
      ) : (
        <div className={styles.detailGrid}>
          <div className={styles.column}>
            <section className={styles.card} aria-labelledby="deposit-facts">
              <h2 id="deposit-facts">{t('detail_facts')}</h2>
              <Rows rows={factsOf(data.deposit, t, methodLabel)} label={t('detail_facts')} />
            </section>
            <section className={styles.card} aria-labelledby="deposit-review">
              <h2 id="deposit-review">{t('review_title')}</h2>
              {data.deposit.status === 'pending' ? (
                <ReviewActions
                  id={data.deposit.id}
                  review={review}
                  approveText={t('approve')}
                  rejectTitle={t('reject_title', { id })}
                  failTitle={t('fail_title', { id })}
                  onDone={setDone}
                />
              ) : (
                <p className={styles.lead}>{t('reviewed_already')}</p>
              )}
            </section>
            <section className={styles.card} aria-labelledby="deposit-voucher">
              <h2 id="deposit-voucher">{t('voucher_title')}</h2>
              <Voucher id={data.deposit.id} present={data.deposit.has_voucher} />
            </section>
          </div>
          <div className={styles.column}>
            <RecentDeposits list={data.recent_deposits} current={data.deposit.id} />
            <RecentWithdrawals
              list={data.recent_withdrawals}
              linked={may(session?.permissions ?? [], WITHDRAWAL_REVIEW)}
            />
          </div>
        </div>
      )}
    </>
  );
}

function factsOf(
  deposit: QueuedDeposit,
  t: Translate,
  methodLabel: (method: string) => string,
): Row[] {
  const or = (value: string) => (value === '' ? t('none') : value);
  const rows: Row[] = [
    { label: t('col_player'), value: deposit.player, testId: 'fact-player' },
    { label: t('fact_user_id'), value: deposit.user_id },
    {
      label: t('col_amount'),
      value: formatMoney(deposit.amount),
      strong: true,
      testId: 'fact-amount',
    },
    {
      label: t('col_pay_amount'),
      value: `${formatMoney(deposit.pay_amount)} ${deposit.currency}`,
      testId: 'fact-pay-amount',
    },
    { label: t('fact_currency'), value: deposit.currency },
    { label: t('col_method'), value: methodLabel(deposit.method) },
    { label: t('fact_country'), value: or(deposit.country) },
    { label: t('col_account'), value: or(deposit.account_label) },
    { label: t('fact_account_code'), value: or(deposit.account_code) },
    { label: t('fact_content'), value: or(deposit.content) },
    { label: t('col_status'), value: <StatusBadge status={deposit.status} /> },
    { label: t('col_requested'), value: formatDateTime(deposit.created_at) },
  ];
  if (deposit.status === 'pending')
    rows.push({ label: t('col_age'), value: formatAge(deposit.age_secs, t) });
  else {
    rows.push({ label: t('fact_reason'), value: or(deposit.reason), testId: 'fact-reason' });
    rows.push({
      label: t('fact_reviewed'),
      value: deposit.reviewed_at === null ? t('none') : formatDateTime(deposit.reviewed_at),
    });
  }
  return rows;
}
