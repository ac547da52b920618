// Field rules of spec section 5 as valibot schemas. Every message is an i18n key.
import * as v from 'valibot';
import type { MessageKey } from '@/i18n/i18n';
import { isMoneyInput } from '@/lib/money';
import {
  CARD_NUMBER_RE,
  CODE_RE,
  DEFAULT_PHONE_PATTERN,
  EMAIL_RE,
  ERC20_RE,
  FUND_PASSWORD_RE,
  IFSC_RE,
  LOGIN_NAME_CHARACTERS_RE,
  LOGIN_NAME_LENGTH_RE,
  LOGIN_NAME_LETTER_RE,
  PASSWORD_RE,
  TAX_NUMBER_RE,
  TRC20_RE,
} from '@/lib/patterns';

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
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(m('v_required_phone')),
    v.regex(phoneRegex(pattern), m('v_phone')),
  );

export const accountSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(m('v_required_account')));

/** The login-name rules in the server's order, each with its own message (the form shows the
 * first broken one: `1234` needs a letter, it is not too short); `optional` lets '' pass. */
function loginNameRules(optional: boolean) {
  const rule = (pattern: RegExp, message: MessageKey) =>
    v.check((value: string) => (optional && value === '') || pattern.test(value), message);
  return [
    rule(LOGIN_NAME_CHARACTERS_RE, m('v_login_name_characters')),
    rule(LOGIN_NAME_LENGTH_RE, m('v_login_name_length')),
    rule(LOGIN_NAME_LETTER_RE, m('v_login_name_letter')),
  ] as const;
}

export const loginNameSchema = v.pipe(v.string(), v.trim(), ...loginNameRules(false));

/** Optional login name: empty is fine, anything else must be a valid login name. */
export const optionalLoginNameSchema = v.pipe(v.string(), v.trim(), ...loginNameRules(true));

export const passwordSchema = v.pipe(
  v.string(),
  v.nonEmpty(m('v_required_password')),
  v.regex(PASSWORD_RE, m('v_password')),
);

/** The login form only checks presence: old accounts may predate the rules. */
export const loginPasswordSchema = v.pipe(v.string(), v.nonEmpty(m('v_required_password')));

export const codeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(m('v_required_code')),
  v.regex(CODE_RE, m('v_code')),
);

export const inviteSchema = (required: boolean) =>
  required
    ? v.pipe(v.string(), v.trim(), v.nonEmpty(m('v_required_invite')))
    : v.pipe(v.string(), v.trim());

export const fundPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty(m('v_required_fund_password')),
  v.regex(FUND_PASSWORD_RE, m('v_fund_password')),
);

/** An amount as typed: up to two decimals, no leading zero, more than zero. */
export const amountSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(m('v_required_amount')),
  v.check(isMoneyInput, m('v_amount')),
  v.check((text) => /[1-9]/.test(text), m('v_amount_positive')),
);

/** Card number without its spaces: 8-24 digits. */
export const normalizeCardNumber = (text: string): string => text.replace(/ +/g, '');
export const isCardNumber = (text: string): boolean =>
  CARD_NUMBER_RE.test(normalizeCardNumber(text));
export const cardNumberSchema = v.pipe(
  v.string(),
  v.transform(normalizeCardNumber),
  v.nonEmpty(m('v_required_card_number')),
  v.check((text) => CARD_NUMBER_RE.test(text), m('v_card_number')),
);

export const isIfsc = (text: string): boolean => IFSC_RE.test(text.trim().toUpperCase());
/** Optional IFSC: empty, or 4 letters + "0" + 6 letters or digits. */
export const ifscSchema = v.pipe(
  v.string(),
  v.trim(),
  v.transform((text) => text.toUpperCase()),
  v.check((text) => text === '' || IFSC_RE.test(text), m('v_ifsc')),
);

export type UsdtNetwork = 'TRC20' | 'ERC20';
export const USDT_NETWORKS: readonly UsdtNetwork[] = ['TRC20', 'ERC20'];

export const isUsdtAddress = (network: UsdtNetwork, address: string): boolean =>
  (network === 'TRC20' ? TRC20_RE : ERC20_RE).test(address.trim());

export const usdtAddressSchema = (network: UsdtNetwork) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(m('v_required_address')),
    v.check(
      (text) => isUsdtAddress(network, text),
      m(network === 'TRC20' ? 'v_trc20_address' : 'v_erc20_address'),
    ),
  );

export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(m('v_required_email')),
  v.regex(EMAIL_RE, m('v_email')),
);

/** Optional tax number: up to 32 letters, digits or dashes. */
export const taxNumberSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check((text) => text === '' || TAX_NUMBER_RE.test(text), m('v_tax_number')),
);

/** Free text of at most `max` characters (counted as the server counts: code points). */
export const boundedText = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => [...text].length <= max, m('v_too_long')),
  );

/** A required name (card holder, real name) of at most 64 characters. */
export const holderSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(m('v_required_holder')),
  v.check((text) => [...text].length <= 64, m('v_too_long')),
);

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
