// Form rules of the personal centre. Messages are i18n keys.
import * as v from 'valibot';
import { EMAIL_RE } from '@/lib/patterns';
import {
  boundedText,
  codeSchema,
  emailSchema,
  fundPasswordSchema,
  PASSWORD_MISMATCH,
  passwordSchema,
  phoneSchema,
  taxNumberSchema,
} from '@/lib/validators';

const repeat = v.pipe(v.string(), v.nonEmpty('v_required_repassword'));
/** The fund password: the first time without the old one, later with it. */
export function fundPasswordFormSchema(first: boolean) {
  const old = first
    ? v.optional(v.string(), '')
    : v.pipe(
        v.string(),
        v.nonEmpty('v_required_old_password'),
        v.regex(/^\d{6}$/, 'v_fund_password'),
      );
  return v.pipe(
    v.object({ old_password: old, password: fundPasswordSchema, repassword: repeat }),
    v.forward(
      v.partialCheck(
        [['password'], ['repassword']],
        (input) => input.password === input.repassword,
        PASSWORD_MISMATCH,
      ),
      ['repassword'],
    ),
  );
}

export const loginPasswordFormSchema = v.pipe(
  v.object({
    old_password: v.pipe(v.string(), v.nonEmpty('v_required_old_password')),
    password: passwordSchema,
    repassword: repeat,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['repassword']],
      (input) => input.password === input.repassword,
      PASSWORD_MISMATCH,
    ),
    ['repassword'],
  ),
);

export const userInfoSchema = v.object({
  nickname: boundedText(32),
  real_name: boundedText(64),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => text === '' || EMAIL_RE.test(text), 'v_email'),
  ),
  tax_number: taxNumberSchema,
});

export const emailBindSchema = v.object({ email: emailSchema, code: codeSchema });

export const mobileBindSchema = (pattern: string) =>
  v.object({ phone: phoneSchema(pattern), code: codeSchema });
