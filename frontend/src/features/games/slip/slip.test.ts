import { describe, expect, it } from 'vitest';
import type { OddsOption } from '@/features/games/api/odds';
import {
  amountMinor,
  serviceFee,
  slipProblem,
  summarize,
  toggle,
} from '@/features/games/slip/slip';

const optionOf = (option: string): OddsOption => ({
  option,
  odds: '1.95',
  min_bet: '1.00',
  max_user: '500.00',
  max_total: '9000.00',
});

const options = new Map([
  ['big', optionOf('big')],
  ['sum_3', { ...optionOf('sum_3'), min_bet: '2.00', max_user: '10.00' }],
]);

describe('bet slip', () => {
  it('reads the amount per option as exact minor units', () => {
    expect(amountMinor('10')).toBe(1000n);
    expect(amountMinor('0.05')).toBe(5n);
    expect(amountMinor(' 12.5 ')).toBe(1250n);
    for (const bad of ['', '0', '0.00', '01', '1.234', '-1', '1e3', 'abc'])
      expect(amountMinor(bad), bad).toBeNull();
  });

  it('totals one line per option without a fee outside RGB', () => {
    const summary = summarize(['big', 'small', 'sum_4'], '12.35', 0)!;
    expect(summary.lines).toEqual([
      { option: 'big', amount: '12.35' },
      { option: 'small', amount: '12.35' },
      { option: 'sum_4', amount: '12.35' },
    ]);
    expect(summary.total).toBe(3705n);
    expect(summary.fee).toBe(0n);
    expect(summary.net).toBe(3705n);
    expect(summarize(['big'], '0', 0)).toBeNull();
  });

  it("takes RGB's fee per line, rounded up to the minor unit like the server", () => {
    expect(serviceFee(10_000n, 200)).toBe(200n);
    expect(serviceFee(1n, 200)).toBe(1n);
    expect(serviceFee(149n, 200)).toBe(3n);
    expect(serviceFee(999n, 0)).toBe(0n);
    expect(serviceFee(999n, 10_000)).toBe(999n);
    // 1.49 on each of two options: 0.03 fee each (not 0.06 rounded from 2.98 x 2 %).
    const summary = summarize(['red', 'num_5'], '1.49', 200)!;
    expect(summary.total).toBe(298n);
    expect(summary.fee).toBe(6n);
    expect(summary.net).toBe(292n);
  });

  it('explains why an order cannot go, in the order the server checks', () => {
    const base = { selected: ['big'], amount: '5', options, balance: '100.00', open: true };
    expect(slipProblem(base)).toBeNull();
    expect(slipProblem({ ...base, selected: [] })).toBeNull();
    expect(slipProblem({ ...base, open: false })).toEqual({ key: 'games_err_closed' });
    expect(slipProblem({ ...base, amount: '5.001' })).toEqual({ key: 'games_err_amount' });
    expect(slipProblem({ ...base, selected: ['big', 'sum_3'], amount: '1.50' })).toEqual({
      key: 'games_err_min',
      params: { amount: '2.00' },
    });
    expect(slipProblem({ ...base, selected: ['big', 'sum_3'], amount: '10.01' })).toEqual({
      key: 'games_err_max',
      params: { amount: '10.00' },
    });
    expect(
      slipProblem({ ...base, selected: ['big', 'sum_3'], amount: '10', balance: '19.99' }),
    ).toEqual({ key: 'games_err_balance' });
    expect(
      slipProblem({ ...base, selected: ['big', 'sum_3'], amount: '10', balance: '20.00' }),
    ).toBeNull();
    expect(slipProblem({ ...base, balance: undefined, amount: '500' })).toBeNull();
  });

  it('toggles a code in and out of the selection, keeping the tap order', () => {
    expect(toggle([], 'big')).toEqual(['big']);
    expect(toggle(['big'], 'odd')).toEqual(['big', 'odd']);
    expect(toggle(['big', 'odd'], 'big')).toEqual(['odd']);
  });
});
