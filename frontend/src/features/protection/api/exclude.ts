import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import { protectionKey, type ExclusionKind, type ProtectionState } from '@/lib/protection';

export type ExcludeInput = { kind: ExclusionKind; duration: string; password: string };

/** POST api/protection/exclude — the caller shows a refusal (wrong password) in its form. */
export const exclude = (input: ExcludeInput) =>
  api.post<ProtectionState>('api/protection/exclude', input, { silent: true });

export function useExclude() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exclude,
    onSuccess: (state) => {
      queryClient.setQueryData(protectionKey, state);
      // The profile carries the exclusion the guard and the banner read.
      return queryClient.invalidateQueries({ queryKey: profileKey });
    },
  });
}
