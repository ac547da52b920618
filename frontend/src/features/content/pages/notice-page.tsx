// pages/jogos/notice — the Message List: the player's messages and the announcements, or one
// entry at ?kind=announcement|message&id=N (the spec names no separate detail path).
import { useSearchParams } from 'react-router';
import type { NoticeKind } from '@/features/content/api/notice';
import { NoticeList } from '@/features/content/parts/notice-list';
import { NoticeView } from '@/features/content/parts/notice-view';

/** The entry a link names: a known kind and a positive integer id, or null for anything else. */
function entryOf(kind: string | null, id: string): { kind: NoticeKind; id: number } | null {
  if (kind !== 'announcement' && kind !== 'message') return null;
  return /^[1-9]\d{0,15}$/.test(id) ? { kind, id: Number(id) } : null;
}

export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id === null ? <NoticeList /> : <NoticeView entry={entryOf(params.get('kind'), id)} />;
}
