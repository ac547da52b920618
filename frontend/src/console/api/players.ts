// GET api/players?q=TEXT&page=N: the player desk's search. With `q` the players whose id, phone,
// login name or invite code match it (one page of at most 50); without, every player, oldest
// first, 20 a page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/console/lib/api';
import type { QueuePage } from '@/console/parts/queue-paging';

export type PlayerSummary = {
  id: number;
  phone: string;
  username: string | null;
  vip_level: number;
  roles: string[];
  frozen: boolean;
  /** Unix seconds. */
  created_at: number;
  /** When his newest session started; null before his first login. */
  last_login_at: number | null;
};

export type PlayersPage = QueuePage<PlayerSummary>;

/** Every query of the player desk (searches and pages): what an action invalidates. */
export const playersKey = ['console', 'players'] as const;
export const playerSearchKey = (q: string, page: number) =>
  [...playersKey, 'search', q, page] as const;

export function fetchPlayers(q: string, page: number): Promise<PlayersPage> {
  const params = new URLSearchParams();
  if (q !== '') params.set('q', q);
  if (page !== 1) params.set('page', String(page));
  const query = params.toString();
  return api.get<PlayersPage>(query === '' ? 'players' : `players?${query}`);
}

export function usePlayers(q: string, page: number) {
  return useQuery({
    queryKey: playerSearchKey(q, page),
    queryFn: () => fetchPlayers(q, page),
    placeholderData: keepPreviousData,
  });
}
