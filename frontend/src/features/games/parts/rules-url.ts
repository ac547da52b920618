// Where a room's rules and odds page is (games/rules), for the room pages that link to it.
import { ROUTES } from '@/lib/routes';

/** The rules page of `room`. */
export const rulesUrl = (room: string): string =>
  `${ROUTES.ccRules}?room=${encodeURIComponent(room)}`;
