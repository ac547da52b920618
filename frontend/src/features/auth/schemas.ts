// The auth forms' validation (spec section 5), built from the server's config.
import * as v from 'valibot';
import {
  accountSchema,
  codeSchema,
  inviteSchema,
  loginPasswordSchema,
  optionalLoginNameSchema,
  PASSWORD_MISMATCH,
  passwordSchema,
  phoneSchema,
} from '@/lib/validators';

const repasswordSchema = v.pipe(v.string(), v.nonEmpty('v_required_repassword'));

export const loginSchema = v.object({ account: accountSchema, password: loginPasswordSchema });

export type RegisterRules = { phonePattern: string; requireInvite: boolean; requireCode: boolean };

export function registerSchema({ phonePattern, requireInvite, requireCode }: RegisterRules) {
  return v.pipe(
    v.object({
      phone: phoneSchema(phonePattern),
      username: optionalLoginNameSchema,
      password: passwordSchema,
      repassword: repasswordSchema,
      invite_code: inviteSchema(requireInvite),
      code: requireCode ? codeSchema : v.optional(v.string(), ''),
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
}

export function forgetSchema(phonePattern: string) {
  return v.pipe(
    v.object({
      phone: phoneSchema(phonePattern),
      code: codeSchema,
      password: passwordSchema,
      repassword: repasswordSchema,
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
}

/** Just the phone (checked before a verification code is sent). */
export const phoneOnlySchema = (phonePattern: string) =>
  v.object({ phone: phoneSchema(phonePattern) });
