// /withdrawals/:id: every field of the withdrawal, where to pay it (the whole card or address
// only on a click, for a role that may read it), the player's balances, turnover left and the
// players he shares accounts or addresses with, his recent deposits and withdrawals, and (with
// the permission, while it is pending) the review actions under the four-eyes rule.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { LoadingView } from '@/components/loading';
import { Rows, type Row } from '@/components/rows';
import type { ReviewVerb } from '@/console/api/deposit-review';
import {
  usePayTo,
  useWithdrawalDetail,
  type PayTo,
  type WithdrawalDetail,
} from '@/console/api/withdrawal-detail';
import type { QueuedWithdrawal } from '@/console/api/withdrawal-queue';
import { useReviewWithdrawal, type WithdrawalReviewed } from '@/console/api/withdrawal-review';
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
import { approvalsOf } from '@/console/pages/withdrawal-queue-page';
import styles from '@/console/pages/pages.module.css';
import { formatMoney, fromMinor, minorOr0 } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

type Done = { key: TextKey; name?: string };

/** What the page says after a review: paid, a first approval only, rejected or failed. */
function doneOf(verb: ReviewVerb, { withdrawal }: WithdrawalReviewed): Done {
  if (verb === 'reject') return { key: 'w_done_rejected' };
  if (verb === 'fail') return { key: 'w_done_failed' };
  if (withdrawal.status === 'pending' && withdrawal.first_approval !== null)
    return { key: 'w_first_approval_done', name: withdrawal.first_approval.approved_by };
  return { key: 'w_done_paid' };
}

export function WithdrawalDetailPage() {
  return (
    <RequirePermission
      permission={WITHDRAWAL_REVIEW}
      title="w_queue_title"
      refusal="w_no_permission"
    >
      <WithdrawalDetailRoute />
    </RequirePermission>
  );
}

function WithdrawalDetailRoute() {
  const text = useParams().id ?? '';
  const id = Number.parseInt(text, 10);
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(id)) return <NotFoundPage />;
  return <WithdrawalView key={id} id={id} />;
}

function WithdrawalView({ id }: { id: number }) {
  const { t } = useText();
  const detail = useWithdrawalDetail(id);
  const review = useReviewWithdrawal();
  const { session } = useSessionState();
  const [done, setDone] = useState<Done | null>(null);
  const data = detail.data;
  // A later attempt's refusal (e.g. the same reviewer approving twice) replaces the message.
  const said = done !== null && !review.isError && !review.isPending ? done : null;

  return (
    <>
      <Link to="/withdrawals" className={styles.back}>
        ← {t('detail_back')}
      </Link>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{t('w_title', { id })}</h1>
        {data === undefined ? null : <StatusBadge status={data.withdrawal.status} withdrawal />}
      </div>
      {said === null ? null : (
        <SuccessStatus>{t(said.key, { id, name: said.name ?? '' })}</SuccessStatus>
      )}
      {detail.isError ? <ErrorAlert>{describeError(detail.error)}</ErrorAlert> : null}
      {data === undefined ? (
        detail.isError ? null : (
          <LoadingView label={t('loading')} />
        )
      ) : (
        <div className={styles.detailGrid}>
          <div className={styles.column}>
            <Facts withdrawal={data.withdrawal} />
            <section className={styles.card} aria-labelledby="withdrawal-review">
              <h2 id="withdrawal-review">{t('review_title')}</h2>
              {data.withdrawal.status === 'pending' ? (
                <>
                  <ApprovalState withdrawal={data.withdrawal} />
                  <ReviewActions
                    id={data.withdrawal.id}
                    review={review}
                    approveText={t('pay')}
                    rejectTitle={t('w_reject_title', { id })}
                    failTitle={t('w_fail_title', { id })}
                    onDone={(verb, result) => setDone(doneOf(verb, result))}
                  />
                </>
              ) : (
                <p className={styles.lead}>{t('w_reviewed_already')}</p>
              )}
            </section>
            <PayToCard detail={data} />
          </div>
          <div className={styles.column}>
            <PlayerCard detail={data} />
            <RecentWithdrawals list={data.recent_withdrawals} current={data.withdrawal.id} linked />
            <RecentDeposits
              list={data.recent_deposits}
              linked={may(session?.permissions ?? [], DEPOSIT_REVIEW)}
            />
          </div>
        </div>
      )}
    </>
  );
}

function Facts({ withdrawal }: { withdrawal: QueuedWithdrawal }) {
  const { t } = useText();
  const methodLabel = useMethodLabel();
  return (
    <section className={styles.card} aria-labelledby="withdrawal-facts">
      <h2 id="withdrawal-facts">{t('detail_facts')}</h2>
      <Rows rows={factsOf(withdrawal, t, methodLabel)} label={t('detail_facts')} />
    </section>
  );
}

function factsOf(
  withdrawal: QueuedWithdrawal,
  t: Translate,
  methodLabel: (method: string) => string,
): Row[] {
  const or = (value: string) => (value === '' ? t('none') : value);
  // Exact, in minor units: what leaves the player's wallet is the amount and its fee.
  const held = fromMinor(minorOr0(withdrawal.amount) + minorOr0(withdrawal.fee));
  const rows: Row[] = [
    { label: t('col_player'), value: withdrawal.player, testId: 'fact-player' },
    { label: t('fact_user_id'), value: withdrawal.user_id, testId: 'fact-user-id' },
    {
      label: t('col_amount'),
      value: formatMoney(withdrawal.amount),
      strong: true,
      testId: 'fact-amount',
    },
    { label: t('col_fee'), value: formatMoney(withdrawal.fee), testId: 'fact-fee' },
    { label: t('fact_total_held'), value: formatMoney(held), testId: 'fact-total-held' },
    { label: t('col_method'), value: methodLabel(withdrawal.method) },
    { label: t('col_paid_to'), value: or(withdrawal.account), testId: 'fact-account' },
    {
      label: t('col_status'),
      value: <StatusBadge status={withdrawal.status} withdrawal />,
    },
    { label: t('col_requested'), value: formatDateTime(withdrawal.created_at) },
  ];
  if (withdrawal.status === 'pending') {
    rows.push({ label: t('col_age'), value: formatAge(withdrawal.age_secs, t) });
    rows.push({
      label: t('fact_approvals'),
      value: approvalsOf(withdrawal, t),
      testId: 'fact-approvals',
    });
  } else {
    rows.push({ label: t('fact_reason'), value: or(withdrawal.reason), testId: 'fact-reason' });
    rows.push({
      label: t('fact_reviewed'),
      value: withdrawal.reviewed_at === null ? t('none') : formatDateTime(withdrawal.reviewed_at),
    });
  }
  return rows;
}

/** The four-eyes rule as it stands: a first approval and by whom, or that it needs two. */
function ApprovalState({ withdrawal }: { withdrawal: QueuedWithdrawal }) {
  const { t } = useText();
  const first = withdrawal.first_approval;
  if (first !== null)
    return (
      <p className={styles.lead} data-testid="approval-state">
        {t('w_first_approval_state', {
          name: first.approved_by,
          time: formatDateTime(first.approved_at),
        })}
      </p>
    );
  if (withdrawal.second_approval_needed)
    return (
      <p className={styles.lead} data-testid="approval-state">
        {t('w_needs_two')}
      </p>
    );
  return null;
}

/** Where to pay: masked, and whole only on the staff member's click (the server audits it). */
function PayToCard({ detail }: { detail: WithdrawalDetail }) {
  const { t } = useText();
  const payTo = usePayTo(detail.withdrawal.id);
  const masked: Row = {
    label: t('col_paid_to'),
    value: detail.withdrawal.account === '' ? t('none') : detail.withdrawal.account,
    testId: 'pay-to-masked',
  };
  return (
    <section className={styles.card} aria-labelledby="withdrawal-pay-to">
      <h2 id="withdrawal-pay-to">{t('pay_to_title')}</h2>
      {payTo.data === undefined ? (
        <Rows rows={[masked]} label={t('pay_to_title')} />
      ) : (
        <Rows rows={payToRows(payTo.data, t)} label={t('pay_to_title')} />
      )}
      {!detail.may_read_pay_to ? (
        <p className={styles.note}>{t('pay_to_not_allowed')}</p>
      ) : payTo.data === undefined ? (
        <>
          {payTo.isError ? <ErrorAlert>{describeError(payTo.error)}</ErrorAlert> : null}
          <div className={styles.actions}>
            <Button variant="ghost" loading={payTo.isPending} onClick={() => payTo.mutate()}>
              {t('pay_to_reveal')}
            </Button>
          </div>
          <p className={styles.note}>{t('pay_to_note')}</p>
        </>
      ) : null}
    </section>
  );
}

function payToRows(payTo: PayTo, t: Translate): Row[] {
  const secret = (value: string) => <span className={styles.secret}>{value}</span>;
  if ('usdt' in payTo)
    return [{ label: t('pay_usdt'), value: secret(payTo.usdt), testId: 'pay-to-address' }];
  const card = payTo.bank;
  const rows: Row[] = [
    { label: t('pay_bank_code'), value: card.bank_code, testId: 'pay-to-bank' },
    { label: t('pay_holder'), value: card.holder, testId: 'pay-to-holder' },
    { label: t('pay_card_no'), value: secret(card.card_no), testId: 'pay-to-card-no' },
  ];
  if (card.ifsc !== '') rows.push({ label: t('pay_ifsc'), value: card.ifsc });
  if (card.bank_address !== '')
    rows.push({ label: t('pay_bank_address'), value: card.bank_address });
  return rows;
}

/** The player's balances, turnover left, and the players he shares accounts or addresses with. */
function PlayerCard({ detail }: { detail: WithdrawalDetail }) {
  const { t } = useText();
  const { balances, links } = detail;
  const rows: Row[] = [
    { label: t('balance_wallet'), value: formatMoney(balances.wallet), testId: 'balance-wallet' },
    { label: t('balance_game'), value: formatMoney(balances.game) },
    { label: t('balance_savings'), value: formatMoney(balances.savings) },
    { label: t('balance_invest'), value: formatMoney(balances.invest) },
    { label: t('balance_frozen'), value: formatMoney(balances.frozen), testId: 'balance-frozen' },
    {
      label: t('turnover_left'),
      value: formatMoney(detail.turnover_remaining),
      strong: true,
      testId: 'turnover-left',
    },
  ];
  const others = (ids: number[]) =>
    t('link_others', { n: ids.length, ids: ids.map(String).join(', ') });
  const none = links.payout_accounts.length === 0 && links.addresses.length === 0;
  return (
    <section className={styles.card} aria-labelledby="withdrawal-player">
      <h2 id="withdrawal-player">{t('player_title')}</h2>
      <Rows rows={rows} label={t('balances_label')} />
      <h3 id="withdrawal-links">{t('links_title')}</h3>
      {none ? (
        <p className={styles.lead}>{t('links_none')}</p>
      ) : (
        <ul className={styles.links} aria-labelledby="withdrawal-links" data-testid="links">
          {links.payout_accounts.map((shared) => (
            <li key={`account:${shared.account}`}>
              {t('link_account', { account: shared.account })}: {others(shared.others)}
            </li>
          ))}
          {links.addresses.map((shared) => (
            <li key={`address:${shared.address}`}>
              {t('link_address', { address: shared.address })}: {others(shared.others)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
