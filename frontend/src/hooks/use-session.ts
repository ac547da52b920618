import { useSyncExternalStore } from 'react';
import { getToken, subscribeSession } from '@/lib/session';

/** The stored login token (null when logged out); re-renders on login and logout. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, getToken);
}
