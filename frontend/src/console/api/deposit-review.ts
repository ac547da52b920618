// POST api/deposits/ID/approve ({}), /reject ({reason}) and /fail ({reason}): the review.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositDetailKey, type DepositDetail } from '@/console/api/deposit-detail';
import { depositsKey, type QueuedDeposit } from '@/console/api/deposit-queue';
import { queuesKey } from '@/console/api/queues';
import { api } from '@/console/lib/api';

export type ReviewVerb = 'approve' | 'reject' | 'fail';
export type ReviewInput = { id: number; verb: ReviewVerb; reason: string };

export const reviewDeposit = ({ id, verb, reason }: ReviewInput) =>
  api.post<{ deposit: QueuedDeposit }>(
    `deposits/${id}/${verb}`,
    verb === 'approve' ? {} : { reason },
  );

/** Reviews a deposit: its detail shows the new status at once; the queues are asked again. */
export function useReviewDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDeposit,
    onSuccess: ({ deposit }) => {
      queryClient.setQueryData<DepositDetail>(depositDetailKey(deposit.id), (detail) =>
        detail === undefined
          ? detail
          : {
              ...detail,
              deposit,
              recent_deposits: detail.recent_deposits.map((item) =>
                item.id === deposit.id ? deposit : item,
              ),
            },
      );
      void queryClient.invalidateQueries({ queryKey: depositsKey });
      void queryClient.invalidateQueries({ queryKey: queuesKey });
    },
  });
}
