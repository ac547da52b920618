// Console permissions: "noun:thing:verb", exactly three segments. A held pattern grants an
// asked permission when every segment is equal or `*` (`*:*:*` grants everything,
// `wallet:*:*` every wallet permission) — the server's rule (auth::permissions), used here only
// to decide what to show; the server still checks every call.

/** The permission of the deposit queue, its detail and its actions. */
export const DEPOSIT_REVIEW = 'wallet:deposit:review';
/** The permission of the withdrawal queue, its detail and its actions. */
export const WITHDRAWAL_REVIEW = 'wallet:withdrawal:review';
/** Reading a withdrawal's whole card number or address (each read is audited by the server). */
export const CARD_READ = 'wallet:card:read';
/** The player desk: the search and a player's page. */
export const PLAYER_READ = 'player:account:read';
/** Freezing and unfreezing a player's account. */
export const PLAYER_FREEZE = 'player:account:freeze';
/** A temporary login password, and clearing the fund password. */
export const PASSWORD_RESET = 'player:password:reset';
/** Crediting or debiting a player's wallet, and deciding an adjustment that waits. */
export const BALANCE_ADJUST = 'wallet:balance:adjust';
/** Giving and taking roles, and the staff page (members, their second factor, disabling). */
export const STAFF_MANAGE = 'staff:member:manage';
/** The audit log (finance and admin). */
export const AUDIT_READ = 'audit:log:read';

const SEGMENTS = 3;

function grants(held: string, wanted: string[]): boolean {
  const segments = held.split(':');
  return (
    segments.length === SEGMENTS &&
    segments.every((segment, index) => segment === '*' || segment === wanted[index])
  );
}

/** Whether `permissions` grant `wanted`; never for a name that is not three plain segments. */
export function may(permissions: readonly string[], wanted: string): boolean {
  const segments = wanted.split(':');
  const valid =
    segments.length === SEGMENTS &&
    segments.every((segment) => segment !== '' && !segment.includes('*'));
  return valid && permissions.some((held) => grants(held, segments));
}
