// POST api/withdrawals/ID/approve ({}), /reject ({reason}) and /fail ({reason}): the review.
// Under the four-eyes rule a first approval leaves the withdrawal pending with
// `first_approval` set; the second, by another staff member, pays it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '@/console/api/deposit-review';
import { queuesKey } from '@/console/api/queues';
import { withdrawalDetailKey, type WithdrawalDetail } from '@/console/api/withdrawal-detail';
import { withdrawalsKey, type QueuedWithdrawal } from '@/console/api/withdrawal-queue';
import { api } from '@/console/lib/api';

export type WithdrawalReviewed = { withdrawal: QueuedWithdrawal };

export const reviewWithdrawal = ({ id, verb, reason }: ReviewInput) =>
  api.post<WithdrawalReviewed>(`withdrawals/${id}/${verb}`, verb === 'approve' ? {} : { reason });

/** Reviews a withdrawal: its detail shows the new state at once; the queues are asked again. */
export function useReviewWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWithdrawal,
    onSuccess: ({ withdrawal }) => {
      queryClient.setQueryData<WithdrawalDetail>(withdrawalDetailKey(withdrawal.id), (detail) =>
        detail === undefined
          ? detail
          : {
              ...detail,
              withdrawal,
              recent_withdrawals: detail.recent_withdrawals.map((item) =>
                item.id === withdrawal.id ? { ...item, ...pickRecord(withdrawal) } : item,
              ),
            },
      );
      void queryClient.invalidateQueries({ queryKey: withdrawalsKey });
      void queryClient.invalidateQueries({ queryKey: queuesKey });
    },
  });
}

const pickRecord = ({ status, reason, reviewed_at }: QueuedWithdrawal) => ({
  status,
  reason,
  reviewed_at,
});
