// The unread count of the message list (pages/jogos/notice): the badge on home and mine.
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@/i18n/i18n';
import { api } from '@/lib/api';

/** Opening an entry or marking all read invalidates this prefix. */
export const unreadCountKey = ['notice-unread'] as const;

/** GET api/notice/unread — the player's unopened messages and shown announcements. The
 * announcements counted depend on the language, so the count is cached per language. */
export function useUnreadCount() {
  const { lang } = useI18n();
  return useQuery({
    queryKey: [...unreadCountKey, lang],
    queryFn: () => api.get<{ count: number }>('api/notice/unread'),
    select: (reply) => reply.count,
    staleTime: 30_000,
  });
}
