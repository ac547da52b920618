// Query keys of the quick games. A new result refreshes the player's bets and the draw history
// through these; the bets sit under the games' `betsKey`, which a placed bet refreshes.
import { betsKey } from '@/features/games/api/keys';

export const ccKey = ['cc'] as const;

export const ordersKey = (game: string) => [...betsKey, 'game', game] as const;
export const historyKey = (room: string) => [...ccKey, 'history', room] as const;
