import { useMutation, useQueryClient } from '@tanstack/react-query';
import { envelopeKey } from '@/features/growth/envelopes/api/envelope-records';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type ClaimInput = {
  code: string;
  /** Idempotency-Key of this submission attempt. */
  key: string;
};

export type ClaimResult = {
  envelope_id: number;
  amount: MoneyText;
  /** The player got the envelope's largest share (random envelopes only). */
  luckiest: boolean;
  /** The wallet balance after the claim. */
  balance: MoneyText;
};

/**
 * POST api/envelope/claim — a share of the envelope the code names goes to the wallet. Silent:
 * the page shows the refusal (in the player's language, from the server) under the code field.
 */
export const claimEnvelope = ({ key, ...input }: ClaimInput) =>
  api.post<ClaimResult>('api/envelope/claim', input, {
    headers: { 'Idempotency-Key': key },
    silent: true,
  });

export function useClaimEnvelope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimEnvelope,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: envelopeKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}
