import { useQuery } from '@tanstack/react-query';
import { fetchBetRecords } from '@/features/games/api/bet-records';
import { roomBetsKey } from '@/features/games/yn28/api/keys';

/** The player's bets in the room for one period (GET api/personal/betting_record). */
export function useIssueBets(room: string, issue: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...roomBetsKey(room), issue ?? ''],
    queryFn: () => fetchBetRecords({ room, issue }, 1, 50),
    enabled: enabled && issue !== undefined && issue !== '',
  });
}
