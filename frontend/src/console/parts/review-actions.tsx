// Approve (one click), Reject and Mark failed (each asking a reason) of a pending deposit or
// withdrawal. The page holds the review (`review`: useReviewDeposit, useReviewWithdrawal); the
// outcome goes to it (`onDone`); a refusal (any code 0, a 403) shows as an alert.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/button';
import type { ReviewInput, ReviewVerb } from '@/console/api/deposit-review';
import { useText } from '@/console/i18n/i18n';
import { describeError } from '@/console/lib/api';
import { ErrorAlert } from '@/console/parts/messages';
import { ReasonDialog } from '@/console/parts/reason-dialog';
import styles from '@/console/pages/pages.module.css';

type Props<T> = {
  id: number;
  review: UseMutationResult<T, Error, ReviewInput>;
  /** The approve button's text ("Approve" for a deposit, "Pay" for a withdrawal). */
  approveText: string;
  /** The reason dialogs' titles. */
  rejectTitle: string;
  failTitle: string;
  onDone: (verb: ReviewVerb, result: T) => void;
};

export function ReviewActions<T>({
  id,
  review,
  approveText,
  rejectTitle,
  failTitle,
  onDone,
}: Props<T>) {
  const { t } = useText();
  const [asking, setAsking] = useState<'reject' | 'fail' | null>(null);
  const run = (verb: ReviewVerb, reason = '') =>
    review.mutate(
      { id, verb, reason },
      {
        onSuccess: (result) => {
          setAsking(null);
          onDone(verb, result);
        },
      },
    );
  const ask = (verb: 'reject' | 'fail') => {
    review.reset();
    setAsking(verb);
  };
  const refusal = review.isError ? describeError(review.error) : null;

  return (
    <>
      {refusal !== null && asking === null ? <ErrorAlert>{refusal}</ErrorAlert> : null}
      <div className={styles.actions}>
        <Button
          loading={review.isPending && review.variables?.verb === 'approve'}
          disabled={review.isPending}
          onClick={() => run('approve')}
        >
          {approveText}
        </Button>
        <Button variant="danger" disabled={review.isPending} onClick={() => ask('reject')}>
          {t('reject')}
        </Button>
        <Button variant="ghost" disabled={review.isPending} onClick={() => ask('fail')}>
          {t('fail')}
        </Button>
      </div>
      {asking === null ? null : (
        <ReasonDialog
          title={asking === 'reject' ? rejectTitle : failTitle}
          submitText={t(asking === 'reject' ? 'reject' : 'fail')}
          busy={review.isPending}
          refusal={refusal}
          onSubmit={(reason) => run(asking, reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
