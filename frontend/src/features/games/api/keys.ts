// Query keys the game screens share. Every list of the player's bets on a game screen sits under
// `betsKey` (the quick games' orders, a yn28 room's bets), so a placed bet refreshes them all.
export const gamesKey = ['games'] as const;

export const betsKey = [...gamesKey, 'bets'] as const;
export const oddsKey = (room: string) => [...gamesKey, 'odds', room] as const;
