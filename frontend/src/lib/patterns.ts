// Input patterns shared by validators and defaults (kept apart from valibot so importing one does
// not pull the validation library into the first-load bundle).
export const DEFAULT_PHONE_PATTERN = '^1\\d{10}$';
/** The server's LoginName (src/auth/types.rs), a pattern per rule so that a refusal names its
 * rule, in the server's order: letters, digits or `_` only; 4-32 of them; at least one letter. */
export const LOGIN_NAME_CHARACTERS_RE = /^\w*$/;
export const LOGIN_NAME_LENGTH_RE = /^.{4,32}$/u;
export const LOGIN_NAME_LETTER_RE = /[A-Za-z]/;
export const PASSWORD_RE = /^\w{6,18}$/;
export const FUND_PASSWORD_RE = /^\d{6}$/;
export const CODE_RE = /^\d{6}$/;
/** Bank card number: 8-24 digits once spaces are removed. */
export const CARD_NUMBER_RE = /^\d{8,24}$/;
/** Indian IFSC: 4 letters, a zero, 6 letters or digits (upper-cased before the check). */
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** USDT on TRON: "T" and 33 base58 characters. */
export const TRC20_RE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** USDT on Ethereum: "0x" and 40 hex digits. */
export const ERC20_RE = /^0x[0-9a-fA-F]{40}$/;
/** Tax number: up to 32 letters, digits or dashes. */
export const TAX_NUMBER_RE = /^[A-Za-z0-9-]{1,32}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
