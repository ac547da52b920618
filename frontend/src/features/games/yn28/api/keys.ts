// Query keys of the trading hall. A placed bet or a new result refreshes `betsKey`.
export const yn28Key = ['yn28'] as const;
export const hallKey = (region: string) => [...yn28Key, 'hall', region] as const;
export const oddsKey = (room: string) => [...yn28Key, 'odds', room] as const;
export const betsKey = (room: string) => [...yn28Key, 'bets', room] as const;
export const trendKey = (region: string, limit: number) => [...yn28Key, 'trend', region, limit] as const;
