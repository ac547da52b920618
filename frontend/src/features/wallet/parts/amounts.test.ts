// The wallet arithmetic must match the server to the cent (src/wallet/deposits.rs pay_amount,
// src/wallet/withdrawals.rs fee, src/money.rs scale_up: multiply, then round up).
import { describe, expect, it } from 'vitest';
import {
  formatRate,
  maskAddress,
  payAmount,
  withdrawFee,
  withdrawTotal,
  type FeeRule,
} from '@/features/wallet/parts/amounts';

describe('payAmount (amount × rate, rounded up to the cent)', () => {
  it('matches the server examples', () => {
    expect(payAmount('10.01', '1')).toBe('10.01');
    expect(payAmount('10.01', '25000')).toBe('250250.00');
    expect(payAmount('10.01', '0.333333')).toBe('3.34');
  });

  it('rounds up, never down, and is exact on large amounts', () => {
    expect(payAmount('0.01', '0.5')).toBe('0.01');
    expect(payAmount('1', '0.000001')).toBe('0.01');
    expect(payAmount('3', '0.333333')).toBe('1.00');
    expect(payAmount('999999.99', '1.1')).toBe('1099999.99');
    // 0.1 + 0.2 style float errors would show here.
    expect(payAmount('0.30', '3')).toBe('0.90');
    expect(payAmount('1000000', '25000.123456')).toBe('25000123456.00');
  });

  it('refuses malformed rates and absurd results', () => {
    expect(payAmount('10', '')).toBeNull();
    expect(payAmount('10', '0')).toBeNull();
    expect(payAmount('10', '1.1234567')).toBeNull();
    expect(payAmount('10', '-1')).toBeNull();
    expect(payAmount('1000000000000', '1000')).toBeNull();
  });
});

describe('withdrawFee (flat under small_below, else basis points rounded up)', () => {
  const rule: FeeRule = { fee_bp: 150, small_below: '1.00', small_fee: '1.00' };

  it('charges the flat small fee under the threshold', () => {
    expect(withdrawFee('0.99', rule)).toBe('1.00');
    expect(withdrawFee('0.01', { ...rule, small_fee: '0.50' })).toBe('0.50');
  });

  it('charges basis points at and above the threshold, rounded up', () => {
    expect(withdrawFee('1.00', rule)).toBe('0.02'); // 0.015 -> 0.02
    expect(withdrawFee('10.01', rule)).toBe('0.16'); // 0.15015 -> 0.16
    expect(withdrawFee('100', rule)).toBe('1.50');
    expect(withdrawFee('100', { ...rule, fee_bp: 0 })).toBe('0.00');
    expect(withdrawFee('12345.67', { ...rule, fee_bp: 1 })).toBe('1.24'); // 1.234567 -> 1.24
  });

  it('totals amount and fee exactly', () => {
    expect(withdrawTotal('10.01', rule)).toBe('10.17');
    expect(withdrawTotal('0.50', rule)).toBe('1.50');
    expect(withdrawTotal('20', { ...rule, fee_bp: 0 })).toBe('20.00');
  });
});

describe('display helpers', () => {
  it('formats rates without trailing zeros', () => {
    expect(formatRate('25000')).toBe('25,000');
    expect(formatRate('0.333300')).toBe('0.3333');
    expect(formatRate('1.0')).toBe('1');
  });

  it('masks long addresses', () => {
    expect(maskAddress('TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e')).toBe('TXk3Zb…tC5e');
    expect(maskAddress('short')).toBe('short');
  });
});
