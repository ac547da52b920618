import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { codeSchema, loginNameSchema, passwordSchema, phoneRegex, phoneSchema } from '@/lib/validators';

const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;
const firstMessage = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0]?.message;

describe('field validators', () => {
  it('phone follows the configured pattern (default: 11 digits starting with 1)', () => {
    expect(ok(phoneSchema(), '13800138000')).toBe(true);
    expect(ok(phoneSchema(), ' 13800138000 ')).toBe(true);
    expect(firstMessage(phoneSchema(), '23800138000')).toBe('v_phone');
    expect(firstMessage(phoneSchema(), '1380013800')).toBe('v_phone');
    expect(firstMessage(phoneSchema(), '')).toBe('v_required_phone');
    expect(ok(phoneSchema('^0\\d{9}$'), '0912345678')).toBe(true);
    expect(ok(phoneSchema('^0\\d{9}$'), '13800138000')).toBe(false);
  });

  it('a broken server pattern falls back to the default', () => {
    expect(phoneRegex('([')).toEqual(/^1\d{10}$/);
    expect(phoneRegex(undefined).test('13800138000')).toBe(true);
  });

  it('login name: 4-32 letters, digits or underscore', () => {
    expect(ok(loginNameSchema, 'abcd')).toBe(true);
    expect(ok(loginNameSchema, 'user_01')).toBe(true);
    expect(ok(loginNameSchema, 'a'.repeat(32))).toBe(true);
    expect(firstMessage(loginNameSchema, 'abc')).toBe('v_login_name');
    expect(firstMessage(loginNameSchema, 'a'.repeat(33))).toBe('v_login_name');
    expect(firstMessage(loginNameSchema, 'bad-name')).toBe('v_login_name');
  });

  it('password: 6-18 letters, digits or underscore', () => {
    expect(ok(passwordSchema, 'abc123')).toBe(true);
    expect(ok(passwordSchema, 'A_b'.repeat(6))).toBe(true);
    expect(firstMessage(passwordSchema, 'abc12')).toBe('v_password');
    expect(firstMessage(passwordSchema, 'x'.repeat(19))).toBe('v_password');
    expect(firstMessage(passwordSchema, 'pass word')).toBe('v_password');
    expect(firstMessage(passwordSchema, '')).toBe('v_required_password');
  });

  it('code: exactly 6 digits', () => {
    expect(ok(codeSchema, '012345')).toBe(true);
    expect(firstMessage(codeSchema, '12345')).toBe('v_code');
    expect(firstMessage(codeSchema, '1234567')).toBe('v_code');
    expect(firstMessage(codeSchema, '12a456')).toBe('v_code');
    expect(firstMessage(codeSchema, '')).toBe('v_required_code');
  });
});
