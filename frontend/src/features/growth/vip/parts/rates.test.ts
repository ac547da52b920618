import { describe, expect, it } from 'vitest';
import { percentOfBp, progressPercent } from '@/features/growth/vip/parts/rates';

describe('rates', () => {
  it('writes basis points as a percentage without trailing zeros', () => {
    expect([0, 50, 100, 125, 1000, 1500, 10000].map(percentOfBp)).toEqual([
      '0',
      '0.5',
      '1',
      '1.25',
      '10',
      '15',
      '100',
    ]);
  });

  it('measures progress in whole percent, capped at 100, in integer minor units', () => {
    expect(progressPercent('0.00', '1000.00')).toBe(0);
    expect(progressPercent('999.99', '1000.00')).toBe(99);
    expect(progressPercent('1000.00', '1000.00')).toBe(100);
    expect(progressPercent('5000.00', '1000.00')).toBe(100);
    expect(progressPercent('12.00', '0.00')).toBe(100);
    expect(progressPercent('99999999999999.99', '100000000000000.00')).toBe(99);
  });
});
