import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MoneyText } from '@/lib/money';
import {
  protectionKey,
  type LimitKind,
  type LimitPeriod,
  type ProtectionState,
} from '@/lib/protection';

/** `amount` "" removes the limit (after the delay, like an increase). */
export type LimitInput = { kind: LimitKind; period: LimitPeriod; amount: MoneyText | '' };

/** POST api/protection/limit */
export const setLimit = (input: LimitInput) =>
  api.post<ProtectionState>('api/protection/limit', input);

export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    onSuccess: (state) => queryClient.setQueryData(protectionKey, state),
  });
}
