import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export const tasksKey = ['growth', 'tasks'] as const;

export type TaskKind = 'bet_count' | 'bet_amount' | 'deposit' | 'invite' | 'signin';

/** One open task with the player's progress (GET api/task/index). */
export type Task = {
  id: number;
  title: string;
  description: string;
  kind: TaskKind;
  daily: boolean;
  /** A count ("3") or an amount ("100.00"), by kind; `progress` alike, never above it. */
  target: string;
  progress: string;
  reward: MoneyText;
  completed: boolean;
  /** This period's reward (today's for a daily task) is claimed. */
  received: boolean;
  end_at: number | null;
};

export function useTasks() {
  return useQuery({
    queryKey: tasksKey,
    queryFn: () => api.get<{ list: Task[] }>('api/task/index'),
    staleTime: 0,
  });
}

export type ClaimReceipt = { task_id: number; reward: MoneyText; balance: MoneyText };
export type ClaimInput = { id: number; key: string };

export const claimTask = ({ id, key }: ClaimInput) =>
  api.post<ClaimReceipt>('api/task/claim', { id }, { headers: { 'Idempotency-Key': key } });

export function useClaimTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTask,
    // A refusal (condition not met, already claimed) also means the list is stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tasksKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}
