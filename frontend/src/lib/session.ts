// The login session: token and cached user in local storage, with subscribers so the guard and
// the screens react when it changes (also when another tab logs in or out).
import { clearAll, readItem, readJson, removeItem, storageKeyOf, writeItem } from '@/lib/storage';

type Listener = () => void;

const listeners = new Set<Listener>();
let token: string | null = readItem('token');

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return token;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startSession(newToken: string, user: unknown): void {
  token = newToken;
  writeItem('token', newToken);
  writeItem('user', JSON.stringify(user));
  emit();
}

export function storeUser(user: unknown): void {
  if (token !== null) writeItem('user', JSON.stringify(user));
}

export function readStoredUser<T>(): T | null {
  return token === null ? null : readJson<T>('user');
}

/** Ends the session locally: token, user and all other local storage. */
export function clearSession(): void {
  token = null;
  removeItem('token');
  removeItem('user');
  clearAll();
  emit();
}

type LogoutHandler = () => void;

let onForcedLogout: LogoutHandler = () => {
  window.location.replace('#/pages/login/index');
};

/** The app registers how to leave (clear server state, go to the login page). */
export function setLogoutHandler(handler: LogoutHandler): void {
  onForcedLogout = handler;
}

/** Clears the session and sends the user to the login page. */
export function logout(): void {
  clearSession();
  onForcedLogout();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== storageKeyOf('token')) return;
    const next = readItem('token');
    if (next !== token) {
      token = next;
      emit();
    }
  });
}
