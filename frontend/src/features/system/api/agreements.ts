import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Where the player stands with one agreement in force. */
export type AgreementStatus = {
  key: string;
  version: string;
  accepted: boolean;
  accepted_version: string | null;
  accepted_at: number | null;
};

export const agreementsKey = ['system', 'agreements'] as const;

/** GET api/agreements/index */
export const fetchAgreementStatuses = () => api.get<AgreementStatus[]>('api/agreements/index');

export function useAgreementStatuses() {
  return useQuery({
    queryKey: agreementsKey,
    queryFn: fetchAgreementStatuses,
    staleTime: 5 * 60_000,
  });
}

/** POST api/agreements/accept — the version in force of one agreement. */
export const acceptAgreement = (input: { key: string; version: string }) =>
  api.post<AgreementStatus[]>('api/agreements/accept', input);

export function useAcceptAgreements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pending: AgreementStatus[]) => {
      let statuses: AgreementStatus[] = [];
      for (const status of pending)
        statuses = await acceptAgreement({ key: status.key, version: status.version });
      return statuses;
    },
    onSuccess: (statuses) => queryClient.setQueryData(agreementsKey, statuses),
  });
}
