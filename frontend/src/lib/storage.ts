// Thin, failure-tolerant wrapper over localStorage (private modes and full quotas throw).
const PREFIX = 'fairhall.';

export type StorageKey =
  | 'token'
  | 'user'
  | 'roles'
  | 'permissions'
  | 'lang'
  | 'location'
  // The players on this device who declined the offer to set a deposit limit for good.
  | 'limit_offer_dismissed';

function area(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: StorageKey): string | null {
  try {
    return area()?.getItem(PREFIX + key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    area()?.setItem(PREFIX + key, value);
  } catch {
    // Storage unavailable: the value lives for this page view only.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    area()?.removeItem(PREFIX + key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const text = readItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** What survives a logout: the chosen language only. The spec's logout clears all local storage;
 * the language stays so that the login page, and the next player on this phone, still read
 * their own language instead of the server's default. */
const KEPT: readonly StorageKey[] = ['lang'];

/** Clears all local storage, this app's and any other's, but the language (`KEPT`). */
export function clearAll(): void {
  const kept = KEPT.map((key) => [key, readItem(key)] as const);
  try {
    area()?.clear();
  } catch {
    // Storage unavailable.
  }
  for (const [key, value] of kept) if (value !== null) writeItem(key, value);
}

export const storageKeyOf = (key: StorageKey): string => PREFIX + key;
