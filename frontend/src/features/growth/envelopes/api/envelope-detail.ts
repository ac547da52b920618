import { useQuery } from '@tanstack/react-query';
import { envelopeKey, type EnvelopeMode } from '@/features/growth/envelopes/api/envelope-records';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';

export type EnvelopeState = 'live' | 'finished' | 'expired' | 'withdrawn';

export type ClaimLine = {
  /** Masked, e.g. "138****5678". */
  phone: string;
  amount: MoneyText;
  luckiest: boolean;
  /** The viewer's own claim. */
  mine: boolean;
  claimed_at: number;
};

export type EnvelopeDetail = {
  id: number;
  mode: EnvelopeMode;
  total: MoneyText;
  quantity: number;
  claimed_count: number;
  claimed_amount: MoneyText;
  expires_at: number;
  state: EnvelopeState;
  /** Oldest first. */
  claims: ClaimLine[];
};

/** GET api/envelope/detail — an envelope the player claimed (not_found for any other). */
export function useEnvelopeDetail(id: string) {
  return useQuery({
    queryKey: [...envelopeKey, 'detail', id],
    queryFn: () => api.get<EnvelopeDetail>('api/envelope/detail', { id }, { silent: true }),
    staleTime: 10_000,
  });
}
