// Query keys of the games. Everything sits under `ccKey`; a new result or a placed bet
// refreshes the player's bets and the draw history through these.
export const ccKey = ['cc'] as const;

export const oddsKey = (room: string) => [...ccKey, 'odds', room] as const;
export const ordersKey = (game: string) => [...ccKey, 'orders', game] as const;
export const historyKey = (room: string) => [...ccKey, 'history', room] as const;
