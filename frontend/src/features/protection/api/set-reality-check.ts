import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { protectionKey, realitySessionKey, type ProtectionState } from '@/lib/protection';

/** POST api/protection/reality_check — 0 turns the checks off. */
export const setRealityCheck = (intervalMins: number) =>
  api.post<ProtectionState>('api/protection/reality_check', { interval_mins: intervalMins });

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    onSuccess: (state) => {
      queryClient.setQueryData(protectionKey, state);
      // The app shell's reality check follows the new interval.
      return queryClient.invalidateQueries({ queryKey: realitySessionKey });
    },
  });
}
