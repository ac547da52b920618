import type { NoticeKind } from '@/features/content/api/notice';
import { ROUTES } from '@/lib/routes';

/** The message list's link to one entry (the spec names no separate detail path). */
export const noticePath = (kind: NoticeKind, id: number) =>
  `${ROUTES.notice}?kind=${kind}&id=${id}`;
