// GET, POST and DELETE api/session: the staff member's session.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/console/lib/api';
import { sessionClosed, sessionStarted, type SessionView } from '@/console/lib/session';

export type SignInInput = { account: string; passphrase: string; code: string };

/** At start: the session of the cookie, if any (401: none). */
export async function loadSession(): Promise<void> {
  try {
    sessionStarted(await api.get<SessionView>('session'));
  } catch {
    sessionClosed();
  }
}

export const signIn = (input: SignInInput) => api.post<SessionView>('session', input);

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: sessionStarted });
}

/** Signs out; the session is over for this browser whatever the server answers. */
export async function signOut(): Promise<void> {
  try {
    await api.delete<unknown>('session');
  } finally {
    sessionClosed();
  }
}
