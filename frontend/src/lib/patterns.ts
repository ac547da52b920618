// Input patterns shared by validators and defaults (kept apart from valibot so importing one does
// not pull the validation library into the first-load bundle).
export const DEFAULT_PHONE_PATTERN = '^1\\d{10}$';
export const LOGIN_NAME_RE = /^\w{4,32}$/;
export const PASSWORD_RE = /^\w{6,18}$/;
export const FUND_PASSWORD_RE = /^\d{6}$/;
export const CODE_RE = /^\d{6}$/;
