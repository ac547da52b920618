// Navigation guard of spec section 2: without a stored token only the login pages open (query
// string ignored); a logged-in user opening login or register goes home instead. While a
// time-out or self-exclusion runs, only the pages of EXCLUSION_OPEN_PATHS open; the others lead
// to the protection page, which says why.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { User } from '@/lib/profile';
import { exclusionRedirect, exclusionRuns } from '@/lib/protection';
import { getToken, readStoredUser } from '@/lib/session';
import { GUEST_ONLY_PATHS, PUBLIC_PATHS, ROUTES } from '@/lib/routes';
import { serverNow } from '@/lib/time';

const normalize = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** Where to send the user instead of `pathname`, or null to let the navigation through. */
export function guardRedirect(
  pathname: string,
  loggedIn: boolean,
  excluded = false,
): string | null {
  const path = normalize(pathname.split('?')[0] ?? pathname);
  if (!loggedIn) return PUBLIC_PATHS.has(path) ? null : ROUTES.login;
  if (GUEST_ONLY_PATHS.has(path)) return excluded ? exclusionRedirect(path) : ROUTES.home;
  return excluded ? exclusionRedirect(path) : null;
}

/** Whether the stored profile (refreshed by every api/personal/index) shows a running exclusion. */
export function storedExclusionRuns(): boolean {
  const user = readStoredUser<Partial<User>>();
  return exclusionRuns(user?.exclusion, serverNow());
}

/** Root loader: runs on every navigation (see `shouldRevalidate` on the root route). */
export function guardLoader({ request }: LoaderFunctionArgs): null {
  const loggedIn = getToken() !== null;
  const target = guardRedirect(
    new URL(request.url).pathname,
    loggedIn,
    loggedIn && storedExclusionRuns(),
  );
  if (target !== null) throw redirect(target);
  return null;
}
