// The login session: token, cached user and the user's roles and permissions in local storage,
// with subscribers so the guard and the screens react when it changes (also when another tab
// logs in or out).
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

/** The strings of `value[key]` when it is a list of strings (the server's `roles` and
 * `permissions`), else none. */
function namesOf(value: unknown, key: 'roles' | 'permissions'): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const names: unknown = (value as Record<string, unknown>)[key];
  return Array.isArray(names)
    ? names.filter((name): name is string => typeof name === 'string')
    : [];
}

function writeUser(user: unknown): void {
  writeItem('user', JSON.stringify(user));
  writeItem('roles', JSON.stringify(namesOf(user, 'roles')));
  writeItem('permissions', JSON.stringify(namesOf(user, 'permissions')));
}

export function startSession(newToken: string, user: unknown): void {
  token = newToken;
  writeItem('token', newToken);
  writeUser(user);
  emit();
}

export function storeUser(user: unknown): void {
  if (token !== null) writeUser(user);
}

/** The roles the logged-in user holds (none when logged out). */
export function getRoles(): string[] {
  return token === null ? [] : namesOf({ roles: readJson<unknown>('roles') }, 'roles');
}

/** The permissions the logged-in user holds (none when logged out). */
export function getPermissions(): string[] {
  return token === null
    ? []
    : namesOf({ permissions: readJson<unknown>('permissions') }, 'permissions');
}

export function readStoredUser<T>(): T | null {
  return token === null ? null : readJson<T>('user');
}

/** Ends the session locally: token, user, roles, permissions and all other local storage but the
 * language (`clearAll`); the logout handler then drops the server state, the config included. */
export function clearSession(): void {
  token = null;
  removeItem('token');
  removeItem('user');
  removeItem('roles');
  removeItem('permissions');
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
