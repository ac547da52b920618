// The console session as the browser knows it: the staff member's SessionView (from GET or
// POST api/session), or null when signed out, or undefined before the first answer. The
// cookie itself is HttpOnly; the csrf token of the view goes with every change. The shell
// shows the sign-in screen whenever the session is null; `ended` says it ended by itself
// (a 401: idle timeout, `fairhall admin staff disable`), which the sign-in screen explains.
import { useSyncExternalStore } from 'react';

export type SessionView = {
  user_id: number;
  name: string;
  role: string;
  permissions: string[];
  csrf: string;
  /** Unix seconds. */
  expires_at: number;
  idle_timeout_secs: number;
};

export type SessionState = { session: SessionView | null | undefined; ended: boolean };

let state: SessionState = { session: undefined, ended: false };
const listeners = new Set<() => void>();
const endHandlers = new Set<() => void>();

function update(next: SessionState, ends: boolean): void {
  state = next;
  for (const listener of listeners) listener();
  if (ends) for (const handler of endHandlers) handler();
}

export const getSessionState = (): SessionState => state;

/** The csrf token of the session, for the `x-csrf-token` header of every change. */
export const csrfToken = (): string | null => state.session?.csrf ?? null;

/** A session started (sign-in) or found (GET api/session at start). */
export function sessionStarted(session: SessionView): void {
  update({ session, ended: false }, false);
}

/** No session: at start (401 to GET api/session) or after signing out. */
export function sessionClosed(): void {
  update({ session: null, ended: false }, state.session !== undefined && state.session !== null);
}

/** The server answered 401 while a session was held: it ended without us. */
export function sessionExpired(): void {
  if (state.session === undefined || state.session === null) return;
  update({ session: null, ended: true }, true);
}

/** Runs `handler` whenever a held session ends (e.g. to drop the server state of the cache). */
export function onSessionEnd(handler: () => void): () => void {
  endHandlers.add(handler);
  return () => endHandlers.delete(handler);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribe, getSessionState, getSessionState);
}

/** Back to "not asked yet" (tests). */
export function resetSession(): void {
  state = { session: undefined, ended: false };
}
