import { ROUTES } from '@/lib/routes';

/** What the message list holds: the operator's announcements and the product's messages. */
export type NoticeKind = 'announcement' | 'message';

/** The message list's link to one entry (the spec names no separate detail path). */
export const noticePath = (kind: NoticeKind, id: number) =>
  `${ROUTES.notice}?kind=${kind}&id=${id}`;
