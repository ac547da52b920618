import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentKey } from '@/features/content/api/keys';
import { usePaged } from '@/hooks/use-paged';
import { unreadCountKey } from '@/hooks/use-unread-count';
import { useI18n } from '@/i18n/i18n';
import { api } from '@/lib/api';
import type { Paged } from '@/lib/paging';

/** Where an entry of the message list comes from. */
import type { NoticeKind } from '@/lib/notice-path';

export type { NoticeKind };

/** An entry of the message list, in the reader's language. */
export type Notice = {
  kind: NoticeKind;
  id: number;
  title: string;
  /** Plain text (never HTML): a one-line summary in the list, the whole text once opened. */
  body: string;
  /** Pinned announcements come first. */
  pinned: boolean;
  /** When it was sent (a message) or started showing (an announcement), Unix seconds. */
  at: number;
  read: boolean;
};

/** A current announcement, as api/notice/announcements (and the home call) give it. */
export type { Announcement } from '@/components/announcement-ticker';

const noticeKey = [...contentKey, 'notice'] as const;
// The server picks each text by the `lang` header, so the lists are cached per language.
export const noticeListKey = (lang: string) => [...noticeKey, 'list', lang] as const;

/** GET api/notice/index — the player's messages and the announcements, pinned first. */
export const fetchNotices = (page: number, limit: number) =>
  api.get<Paged<Notice>>('api/notice/index', { page, limit });

export function useNotices() {
  const { lang } = useI18n();
  return usePaged(noticeListKey(lang), fetchNotices);
}

/** POST api/notice/read — one entry, whole, marked read; HTTP 404 (`not_found`) when it is
 * not the player's. The page reports failures itself, so the call is silent. */
export const openNotice = (kind: NoticeKind, id: number) =>
  api.post<Notice>('api/notice/read', { kind, id: String(id) }, { silent: true });

/** Opens one entry once (opening marks it read, so the list and the badges refresh). */
export function useOpenedNotice(kind: NoticeKind, id: number) {
  const { lang } = useI18n();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...noticeKey, 'opened', lang, kind, id],
    queryFn: async () => {
      const opened = await openNotice(kind, id);
      await queryClient.invalidateQueries({ queryKey: [...noticeKey, 'list'] });
      await queryClient.invalidateQueries({ queryKey: unreadCountKey });
      return opened;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** POST api/notice/read_all — every message and announcement read. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ count: number }>('api/notice/read_all'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noticeKey }),
        queryClient.invalidateQueries({ queryKey: unreadCountKey }),
      ]),
  });
}
