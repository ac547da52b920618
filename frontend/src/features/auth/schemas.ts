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

/** The age in whole years on `today` ("YYYY-MM-DD" both), or null when `birth` is not a date. */
export function ageOn(birth: string, today: string): number | null {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  const now = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (born === null || now === null) return null;
  const [year, month, day] = born.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || birth > today) return null;
  const [nowYear, nowMonth, nowDay] = now.slice(1).map(Number) as [number, number, number];
  const birthdayPassed = nowMonth > month || (nowMonth === month && nowDay >= day);
  return nowYear - year - (birthdayPassed ? 0 : 1);
}

/** What is wrong with a required date of birth (the server checks it again), or null. */
export function birthDateProblem(
  birth: string,
  legalAge: number,
  today: string,
): 'v_required_birth_date' | 'v_birth_date' | 'v_under_age' | null {
  if (birth.trim() === '') return 'v_required_birth_date';
  const age = ageOn(birth.trim(), today);
  if (age === null) return 'v_birth_date';
  return age < legalAge ? 'v_under_age' : null;
}
