import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  formatMoney,
  fromMinor,
  isMoneyInput,
  minorOr0,
  MoneyFormatError,
  parseRateMicros,
  scaleUp,
  subMoney,
  toMinor,
} from '@/lib/money';

describe('money', () => {
  it('turns decimal strings into integer minor units', () => {
    expect(toMinor('12.50')).toBe(1250n);
    expect(toMinor('12.5')).toBe(1250n);
    expect(toMinor('12')).toBe(1200n);
    expect(toMinor('0.01')).toBe(1n);
    expect(toMinor('-3.07')).toBe(-307n);
    expect(toMinor(' 7.10 ')).toBe(710n);
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(toMinor('90071992547409.93')).toBe(9007199254740993n);
    expect(fromMinor(9007199254740993n)).toBe('90071992547409.93');
  });

  it('formats minor units back to two places', () => {
    expect(fromMinor(1250n)).toBe('12.50');
    expect(fromMinor(5n)).toBe('0.05');
    expect(fromMinor(0n)).toBe('0.00');
    expect(fromMinor(-1n)).toBe('-0.01');
  });

  it('adds and subtracts without float errors', () => {
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(subMoney('10.00', '0.01')).toBe('9.99');
    expect(compareMoney('10', '9.99')).toBe(1);
    expect(compareMoney('1.5', '1.50')).toBe(0);
  });

  it('rejects text that is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '1,5', '1e3', '.5', 'NaN']) {
      expect(() => toMinor(bad), bad).toThrow(MoneyFormatError);
    }
    expect(minorOr0('garbage')).toBe(0n);
    expect(minorOr0(undefined)).toBe(0n);
  });

  it('checks typed amounts: up to two decimals, no leading zero', () => {
    expect(isMoneyInput('10')).toBe(true);
    expect(isMoneyInput('0.5')).toBe(true);
    expect(isMoneyInput('10.25')).toBe(true);
    expect(isMoneyInput('010')).toBe(false);
    expect(isMoneyInput('1.234')).toBe(false);
    expect(isMoneyInput('-1')).toBe(false);
  });

  it('groups thousands for display', () => {
    expect(formatMoney('0.00')).toBe('0.00');
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000')).toBe('-1,000.00');
    expect(formatMoney(undefined)).toBe('0.00');
  });
});

describe('scaleUp and rates (the server rounding)', () => {
  it('multiplies then rounds up to the minor unit', () => {
    expect(scaleUp(1001n, 333_333n, 1_000_000n)).toBe(334n);
    expect(scaleUp(100n, 150n, 10_000n)).toBe(2n);
    expect(scaleUp(0n, 150n, 10_000n)).toBe(0n);
    expect(scaleUp(1n, 1n, 0n)).toBeNull();
    expect(parseRateMicros('25000')).toBe(25_000_000_000n);
    expect(parseRateMicros('0.5')).toBe(500_000n);
    expect(parseRateMicros('0')).toBeNull();
    expect(parseRateMicros('1.')).toBeNull();
    expect(parseRateMicros('abc')).toBeNull();
  });
});
