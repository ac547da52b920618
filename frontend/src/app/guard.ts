// Navigation guard of spec section 2: without a stored token only the login pages open (query
// string ignored); a logged-in user opening login or register goes home instead.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getToken } from '@/lib/session';
import { GUEST_ONLY_PATHS, PUBLIC_PATHS, ROUTES } from '@/lib/routes';

const normalize = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** Where to send the user instead of `pathname`, or null to let the navigation through. */
export function guardRedirect(pathname: string, loggedIn: boolean): string | null {
  const path = normalize(pathname.split('?')[0] ?? pathname);
  if (!loggedIn) return PUBLIC_PATHS.has(path) ? null : ROUTES.login;
  return GUEST_ONLY_PATHS.has(path) ? ROUTES.home : null;
}

/** Root loader: runs on every navigation (see `shouldRevalidate` on the root route). */
export function guardLoader({ request }: LoaderFunctionArgs): null {
  const target = guardRedirect(new URL(request.url).pathname, getToken() !== null);
  if (target !== null) throw redirect(target);
  return null;
}
