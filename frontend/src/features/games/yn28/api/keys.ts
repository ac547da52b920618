// Query keys of the trading hall. A new result refreshes `roomBetsKey`; a placed bet refreshes it
// through the games' `betsKey`.
import { betsKey } from '@/features/games/api/keys';

export const yn28Key = ['yn28'] as const;
export const hallKey = (region: string) => [...yn28Key, 'hall', region] as const;
export const roomBetsKey = (room: string) => [...betsKey, 'room', room] as const;
export const trendKey = (region: string, limit: number) =>
  [...yn28Key, 'trend', region, limit] as const;
