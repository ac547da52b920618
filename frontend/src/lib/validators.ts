// Field rules of spec section 5 as valibot schemas. Every message is an i18n key.
import * as v from 'valibot';
import type { MessageKey } from '@/i18n/i18n';
import { CODE_RE, DEFAULT_PHONE_PATTERN, LOGIN_NAME_RE, PASSWORD_RE } from '@/lib/patterns';

const m = (key: MessageKey): MessageKey => key;

/** Builds the phone regex from the server's pattern; a broken pattern falls back to the default. */
export function phoneRegex(pattern: string | undefined): RegExp {
  try {
    return new RegExp(pattern !== undefined && pattern !== '' ? pattern : DEFAULT_PHONE_PATTERN);
  } catch {
    return new RegExp(DEFAULT_PHONE_PATTERN);
  }
}

export const phoneSchema = (pattern?: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(m('v_required_phone')), v.regex(phoneRegex(pattern), m('v_phone')));

export const accountSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(m('v_required_account')));

export const loginNameSchema = v.pipe(v.string(), v.trim(), v.regex(LOGIN_NAME_RE, m('v_login_name')));

/** Optional login name: empty is fine, anything else must be a valid login name. */
export const optionalLoginNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => value === '' || LOGIN_NAME_RE.test(value), m('v_login_name')),
);

export const passwordSchema = v.pipe(v.string(), v.nonEmpty(m('v_required_password')), v.regex(PASSWORD_RE, m('v_password')));

/** The login form only checks presence: old accounts may predate the rules. */
export const loginPasswordSchema = v.pipe(v.string(), v.nonEmpty(m('v_required_password')));

export const codeSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(m('v_required_code')), v.regex(CODE_RE, m('v_code')));

export const inviteSchema = (required: boolean) =>
  required
    ? v.pipe(v.string(), v.trim(), v.nonEmpty(m('v_required_invite')))
    : v.pipe(v.string(), v.trim());

/** The message of the "two passwords match" rule (checked on the form's object schema). */
export const PASSWORD_MISMATCH: MessageKey = 'v_password_mismatch';

export type FieldErrors<TField extends string> = Partial<Record<TField, MessageKey>>;

/** Validates; returns the parsed output or the first message key per field. */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): { ok: true; value: v.InferOutput<TSchema> } | { ok: false; errors: FieldErrors<string> } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors<string> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '';
    if (!(field in errors)) errors[field] = issue.message as MessageKey;
  }
  return { ok: false, errors };
}
