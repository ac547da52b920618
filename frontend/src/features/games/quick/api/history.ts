import { historyKey } from '@/features/games/quick/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { api } from '@/lib/api';
import type { Paged } from '@/lib/paging';

/** A drawn period of GET api/roominfo/history with what proves it (see games/fair). */
export type DrawRecord = {
  issue: string;
  values: unknown;
  seed: string;
  previous: string;
  commitment: string;
  drawn_at: number;
};

export const fetchHistory = (room: string, page: number, limit: number) =>
  api.get<Paged<DrawRecord>>('api/roominfo/history', { room, page, limit });

/** The room's draws, newest first. */
export function useHistory(room: string) {
  return usePaged(historyKey(room), (page, limit) => fetchHistory(room, page, limit));
}
