// POST api/live/ticket: a single-use ticket (30 s) that opens the player's live stream. EventSource
// cannot send the `token` header, and a token in a URL would reach proxy logs, so a logged-in page
// asks for a ticket (token in the header) before each connection (docs/api-contract-games.md).
import { api, buildUrl } from '@/lib/api';

export type LiveTicket = { ticket: string; expires_at: number };

/** Silent: a refused ticket only sends the page to its polling fallback. */
export const fetchLiveTicket = () =>
  api.post<LiveTicket>('api/live/ticket', undefined, { silent: true });

/** The stream URL of `room`: anonymous without a session, else with a fresh ticket. */
export function liveUrl(room: string, loggedIn: boolean): string | (() => Promise<string>) {
  if (!loggedIn) return buildUrl('api/live', { room });
  return async () => buildUrl('api/live', { room, ticket: (await fetchLiveTicket()).ticket });
}
