// Roles and permissions (spec section 6). A permission is granted by the wildcard `*:*:*` or by
// the exact one; a role by the `admin` role or by the exact one; empty input is never granted.
// The held lists default to the logged-in user's (stored at login and with each profile). No
// screen uses these checks yet: the spec does not say which would.
import { getPermissions, getRoles } from '@/lib/session';

/** The permission that grants every permission. */
export const ALL_PERMISSIONS = '*:*:*';
/** The role that grants every role. */
export const ADMIN_ROLE = 'admin';

export function hasPermission(wanted: string, held: readonly string[] = getPermissions()): boolean {
  return wanted !== '' && held.some((name) => name === ALL_PERMISSIONS || name === wanted);
}

/** At least one of `wanted`; false for an empty list. */
export function hasAnyPermission(
  wanted: readonly string[],
  held: readonly string[] = getPermissions(),
): boolean {
  return wanted.some((name) => hasPermission(name, held));
}

/** Every one of `wanted`; false for an empty list. */
export function hasAllPermissions(
  wanted: readonly string[],
  held: readonly string[] = getPermissions(),
): boolean {
  return wanted.length > 0 && wanted.every((name) => hasPermission(name, held));
}

export function hasRole(wanted: string, held: readonly string[] = getRoles()): boolean {
  return wanted !== '' && held.some((name) => name === ADMIN_ROLE || name === wanted);
}

/** At least one of `wanted`; false for an empty list. */
export function hasAnyRole(
  wanted: readonly string[],
  held: readonly string[] = getRoles(),
): boolean {
  return wanted.some((name) => hasRole(name, held));
}

/** Every one of `wanted`; false for an empty list. */
export function hasAllRoles(
  wanted: readonly string[],
  held: readonly string[] = getRoles(),
): boolean {
  return wanted.length > 0 && wanted.every((name) => hasRole(name, held));
}
