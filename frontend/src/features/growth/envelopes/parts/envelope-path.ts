import { ROUTES } from '@/lib/routes';

/** The detail of one claimed envelope: the red envelope page at ?id=. */
export const envelopePath = (id: number): string => `${ROUTES.ccHong}?id=${id}`;

/** 6-8 letters or digits, as the server accepts codes (case does not matter). */
export const CODE_PATTERN = /^[A-Za-z0-9]{6,8}$/;
