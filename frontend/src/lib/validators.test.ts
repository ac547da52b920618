import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  amountSchema,
  cardNumberSchema,
  codeSchema,
  fundPasswordSchema,
  ifscSchema,
  isCardNumber,
  isIfsc,
  isUsdtAddress,
  loginNameSchema,
  optionalLoginNameSchema,
  passwordSchema,
  phoneRegex,
  phoneSchema,
  usdtAddressSchema,
} from '@/lib/validators';

const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;
const firstMessage = (schema: v.GenericSchema, value: unknown) =>
  v.safeParse(schema, value).issues?.[0]?.message;

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
    expect(ok(optionalLoginNameSchema, '')).toBe(true);
  });

  // The cases of the server's LoginName::parse test (src/auth/types.rs), one rule on both sides,
  // each refusal with the reason the server gives (its key in the comment).
  it.each([
    ['abcd', undefined],
    ['player_1', undefined],
    [' abcd ', undefined],
    ['abc', 'v_login_name_length'], // login_name_length
    ['a'.repeat(33), 'v_login_name_length'],
    ['1234', 'v_login_name_letter'], // login_name_needs_letter
    ['12_34', 'v_login_name_letter'],
    ['ab cd', 'v_login_name_characters'], // invalid_login_name
    ['abcd!', 'v_login_name_characters'],
    ['ééé', 'v_login_name_characters'],
  ])('login name %j is refused with %s (as the server decides)', (name, message) => {
    expect(firstMessage(loginNameSchema, name)).toBe(message);
    expect(firstMessage(optionalLoginNameSchema, name)).toBe(message);
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

describe('wallet validators', () => {
  it('card number: 8-24 digits, spaces ignored', () => {
    expect(isCardNumber('12345678')).toBe(true);
    expect(isCardNumber('6222 0212 3456 7890')).toBe(true);
    expect(isCardNumber('1'.repeat(24))).toBe(true);
    expect(isCardNumber('1234567')).toBe(false);
    expect(isCardNumber('1'.repeat(25))).toBe(false);
    expect(isCardNumber('6222-0212-3456')).toBe(false);
    expect(isCardNumber('62220212345678a0')).toBe(false);
    expect(v.parse(cardNumberSchema, '6222 0212 3456 7890')).toBe('6222021234567890');
    expect(firstMessage(cardNumberSchema, '')).toBe('v_required_card_number');
    expect(firstMessage(cardNumberSchema, '123')).toBe('v_card_number');
  });

  it('IFSC: 4 letters, a zero, 6 letters or digits (optional, upper-cased)', () => {
    expect(isIfsc('HDFC0001234')).toBe(true);
    expect(isIfsc('sbin0abc123')).toBe(true);
    for (const bad of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC00012345', 'HDFC000123-'])
      expect(isIfsc(bad), bad).toBe(false);
    expect(v.parse(ifscSchema, ' hdfc0001234 ')).toBe('HDFC0001234');
    expect(ok(ifscSchema, '')).toBe(true);
    expect(firstMessage(ifscSchema, 'HDFC1001234')).toBe('v_ifsc');
  });

  it('USDT addresses follow their network', () => {
    const trc20 = 'TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e';
    const erc20 = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(isUsdtAddress('TRC20', trc20)).toBe(true);
    expect(isUsdtAddress('ERC20', erc20)).toBe(true);
    expect(isUsdtAddress('TRC20', erc20)).toBe(false);
    expect(isUsdtAddress('ERC20', trc20)).toBe(false);
    // Base58 has no 0, O, I or l; TRC20 is exactly 34 characters.
    expect(isUsdtAddress('TRC20', `${trc20.slice(0, 33)}0`)).toBe(false);
    expect(isUsdtAddress('TRC20', `${trc20}1`)).toBe(false);
    expect(isUsdtAddress('ERC20', `0X${erc20.slice(2)}`)).toBe(false);
    expect(isUsdtAddress('ERC20', erc20.slice(0, 41))).toBe(false);
    expect(firstMessage(usdtAddressSchema('TRC20'), '')).toBe('v_required_address');
    expect(firstMessage(usdtAddressSchema('TRC20'), erc20)).toBe('v_trc20_address');
    expect(firstMessage(usdtAddressSchema('ERC20'), trc20)).toBe('v_erc20_address');
  });

  it('fund password: exactly 6 digits', () => {
    expect(ok(fundPasswordSchema, '123456')).toBe(true);
    expect(firstMessage(fundPasswordSchema, '')).toBe('v_required_fund_password');
    for (const bad of ['12345', '1234567', 'abcdef', '12 456'])
      expect(firstMessage(fundPasswordSchema, bad), bad).toBe('v_fund_password');
  });

  it('amount: up to 2 decimals, no leading zero, above 0', () => {
    for (const good of ['10', '10.5', '10.55', '0.01'])
      expect(ok(amountSchema, good), good).toBe(true);
    for (const bad of ['010', '1.234', '1.', '.5', '-1', '1e3'])
      expect(firstMessage(amountSchema, bad), bad).toBe('v_amount');
    expect(firstMessage(amountSchema, '0')).toBe('v_amount_positive');
    expect(firstMessage(amountSchema, '0.00')).toBe('v_amount_positive');
    expect(firstMessage(amountSchema, ' ')).toBe('v_required_amount');
  });
});
