import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { betsKey, oddsKey } from '@/features/games/yn28/api/keys';
import type { OddsOption } from '@/features/games/yn28/model';
import { profileKey, type User } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import { fetchBetRecords } from '@/features/games/api/bet-records';
import type { MoneyText } from '@/lib/money';

/** GET api/roominfo/odds of a tier room. */
export type Yn28Odds = { room: string; game: string; rule_version: number; service_fee_bp: number; entry_min: MoneyText; rules: unknown; options: OddsOption[] };

export const fetchOdds = (room: string) => api.get<Yn28Odds>('api/roominfo/odds', { room });

export function useOdds(room: string) {
  return useQuery({ queryKey: oddsKey(room), queryFn: () => fetchOdds(room), staleTime: 60_000 });
}

/** The player's bets in the room for one period (GET api/personal/betting_record). */
export function useIssueBets(room: string, issue: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...betsKey(room), issue ?? ''],
    queryFn: () => fetchBetRecords({ room, issue }, 1, 50),
    enabled: enabled && issue !== undefined && issue !== '',
  });
}

export type BetInput = { room: string; issue: string; bets: { option: string; amount: MoneyText }[]; mode?: 'trade'; key: string };
export type BetReply = { order_no: string; issue: string; game_balance: MoneyText; bets: { option: string; amount: MoneyText; odds: string }[] };

/** POST api/rooms/betting with the attempt's Idempotency-Key (`mode: "trade"` for buy up / down). */
export const placeBet = ({ key, ...input }: BetInput) => api.post<BetReply>('api/rooms/betting', input, { headers: { 'Idempotency-Key': key } });

export function usePlaceBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBet,
    onSuccess: (reply, input) => {
      queryClient.setQueryData<User>(profileKey, (user) => (user === undefined ? user : { ...user, game_balance: reply.game_balance }));
      return Promise.all([queryClient.invalidateQueries({ queryKey: profileKey }), queryClient.invalidateQueries({ queryKey: betsKey(input.room) })]);
    },
  });
}
