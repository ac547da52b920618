// Approve (one click), Reject and Mark failed (each asking a reason) of a pending deposit.
// The outcome goes to the page (`onDone`); a refusal (any code 0, a 403) shows as an alert.
import { useState } from 'react';
import { Button } from '@/components/button';
import { useReviewDeposit, type ReviewVerb } from '@/console/api/deposit-review';
import { useText } from '@/console/i18n/i18n';
import { describeError } from '@/console/lib/api';
import { ErrorAlert } from '@/console/parts/messages';
import { ReasonDialog } from '@/console/parts/reason-dialog';
import styles from '@/console/pages/pages.module.css';

export function ReviewActions({ id, onDone }: { id: number; onDone: (verb: ReviewVerb) => void }) {
  const { t } = useText();
  const review = useReviewDeposit();
  const [asking, setAsking] = useState<'reject' | 'fail' | null>(null);
  const run = (verb: ReviewVerb, reason = '') =>
    review.mutate(
      { id, verb, reason },
      {
        onSuccess: () => {
          setAsking(null);
          onDone(verb);
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
          {t('approve')}
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
          title={t(asking === 'reject' ? 'reject_title' : 'fail_title', { id })}
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
