import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import type { Paged } from '@/lib/paging';

export const envelopeKey = ['envelope'] as const;

export type EnvelopeMode = 'fixed' | 'random';

/** One of the player's claims. */
export type ClaimRecord = {
  envelope_id: number;
  amount: MoneyText;
  luckiest: boolean;
  claimed_at: number;
  mode: EnvelopeMode;
  total: MoneyText;
  quantity: number;
};

/** GET api/envelope/records — the player's claims, newest first. */
export function useEnvelopeRecords() {
  return usePaged([...envelopeKey, 'records'], (page, limit) =>
    api.get<Paged<ClaimRecord>>('api/envelope/records', { page, limit }),
  );
}
