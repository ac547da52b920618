import { api } from '@/lib/api';
import { logout } from '@/lib/session';

/** POST api/login/logout — revokes the token on the server, then ends the session here. */
export async function logOut(): Promise<void> {
  try {
    await api.post<null>('api/login/logout', {}, { silent: true });
  } catch {
    // The server may already consider the token dead; the local session ends regardless.
  }
  logout();
}
