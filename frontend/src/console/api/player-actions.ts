// What the player desk does for a player, each one POST behind its permission (the server
// checks it): adjust his wallet (POST players/ID/adjust {amount, reason}; above the four-eyes
// amount it waits for a second staff member: adjustments/ID/approve and /cancel), freeze
// {reason} and unfreeze, a temporary login password (shown once), the fund password cleared,
// and a role given or taken. Each refreshes the player desk's queries.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playersKey } from '@/console/api/players';
import type { AdjustmentRequest } from '@/console/api/player';
import type { Balances } from '@/console/api/withdrawal-detail';
import { api } from '@/console/lib/api';

/** Signed: "50.00" credits, "-12.50" debits. */
export type AdjustInput = { amount: string; reason: string };

export type Adjusted =
  | { state: 'applied'; balances: Balances }
  | { state: 'awaiting_second_approval'; request: AdjustmentRequest };

export type AdjustmentDecided = { request: AdjustmentRequest };
export type TemporaryPassword = { user_id: number; password: string };
export type RoleChange = { role: string; change: 'add' | 'remove' };
export type RolesNow = { user_id: number; roles: string[] };

export const adjustPlayer = (id: number, input: AdjustInput) =>
  api.post<Adjusted>(`players/${id}/adjust`, input);
export const decideAdjustment = (id: number, verb: 'approve' | 'cancel') =>
  api.post<AdjustmentDecided>(`adjustments/${id}/${verb}`);
export const freezePlayer = (id: number, reason: string) =>
  api.post<{ user_id: number }>(`players/${id}/freeze`, { reason });
export const unfreezePlayer = (id: number) =>
  api.post<{ user_id: number }>(`players/${id}/unfreeze`);
export const resetPassword = (id: number) => api.post<TemporaryPassword>(`players/${id}/password`);
export const clearFundPassword = (id: number) =>
  api.post<{ user_id: number }>(`players/${id}/fund-password/clear`);
export const changeRole = (id: number, input: RoleChange) =>
  api.post<RolesNow>(`players/${id}/roles`, input);

/** A mutation of the player desk that asks its pages again when it succeeds. */
function usePlayerMutation<I, T>(mutationFn: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playersKey }),
  });
}

export const useAdjustPlayer = (id: number) =>
  usePlayerMutation((input: AdjustInput) => adjustPlayer(id, input));
export const useDecideAdjustment = () =>
  usePlayerMutation(({ id, verb }: { id: number; verb: 'approve' | 'cancel' }) =>
    decideAdjustment(id, verb),
  );
export const useFreezePlayer = (id: number) =>
  usePlayerMutation((reason: string) => freezePlayer(id, reason));
export const useUnfreezePlayer = (id: number) => usePlayerMutation(() => unfreezePlayer(id));
export const useResetPassword = (id: number) => usePlayerMutation(() => resetPassword(id));
export const useClearFundPassword = (id: number) => usePlayerMutation(() => clearFundPassword(id));
export const useChangeRole = (id: number) =>
  usePlayerMutation((input: RoleChange) => changeRole(id, input));
