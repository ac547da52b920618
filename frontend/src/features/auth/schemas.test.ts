import { describe, expect, it } from 'vitest';
import { forgetSchema, loginSchema, registerSchema } from '@/features/auth/schemas';
import { validate } from '@/lib/validators';

describe('auth form schemas', () => {
  const rules = { phonePattern: '^1\\d{10}$', requireInvite: false, requireCode: false };
  const good = {
    phone: '13800138000',
    username: '',
    password: 'secret1',
    repassword: 'secret1',
    invite_code: '',
    code: '',
  };

  it('login needs both fields', () => {
    expect(validate(loginSchema, { account: '', password: '' })).toEqual({
      ok: false,
      errors: { account: 'v_required_account', password: 'v_required_password' },
    });
    expect(validate(loginSchema, { account: 'player_1', password: 'x' }).ok).toBe(true);
  });

  it('register accepts a valid form and reports mismatching passwords on repassword', () => {
    expect(validate(registerSchema(rules), good).ok).toBe(true);
    expect(validate(registerSchema(rules), { ...good, repassword: 'secret2' })).toEqual({
      ok: false,
      errors: { repassword: 'v_password_mismatch' },
    });
  });

  it('register checks the optional login name only when given', () => {
    expect(validate(registerSchema(rules), { ...good, username: 'abc' })).toEqual({
      ok: false,
      errors: { username: 'v_login_name_length' },
    });
    expect(validate(registerSchema(rules), { ...good, username: 'abcd' }).ok).toBe(true);
  });

  it('register requires invite and code only when the config says so', () => {
    const strict = registerSchema({ ...rules, requireInvite: true, requireCode: true });
    expect(validate(strict, good)).toEqual({
      ok: false,
      errors: { invite_code: 'v_required_invite', code: 'v_required_code' },
    });
    expect(validate(strict, { ...good, invite_code: 'ABC123', code: '123456' }).ok).toBe(true);
  });

  it('forgot password needs phone, code and matching passwords', () => {
    const result = validate(forgetSchema('^1\\d{10}$'), {
      phone: '1',
      code: '12',
      password: 'short',
      repassword: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        phone: 'v_phone',
        code: 'v_code',
        password: 'v_password',
        repassword: 'v_required_repassword',
      },
    });
  });
});
