import { describe, expect, it } from 'vitest';
import { diff, flatten, leafText } from '@/console/lib/json-diff';

describe('flatten', () => {
  it('names nested keys with dots and array items with their index', () => {
    const leaves = flatten({
      id: 7,
      balances: { wallet: '5.00', game: '0.00' },
      roles: ['test', { name: 'vip', level: 2 }],
    });
    expect([...leaves]).toEqual([
      ['id', 7],
      ['balances.wallet', '5.00'],
      ['balances.game', '0.00'],
      ['roles[0]', 'test'],
      ['roles[1].name', 'vip'],
      ['roles[1].level', 2],
    ]);
  });

  it('keeps empty objects, empty arrays and null as leaves', () => {
    expect([...flatten({ a: {}, b: [], c: null, d: { e: false } })]).toEqual([
      ['a', {}],
      ['b', []],
      ['c', null],
      ['d.e', false],
    ]);
  });

  it('has no paths for a missing snapshot, and one unnamed for a bare value', () => {
    expect(flatten(null).size).toBe(0);
    expect(flatten(undefined).size).toBe(0);
    expect([...flatten('x')]).toEqual([['', 'x']]);
  });
});

describe('diff', () => {
  it('marks the changed balance, and the same paths as such', () => {
    const rows = diff(
      { balances: { wallet: '0.00', game: '0.00' }, frozen_at: null },
      { balances: { wallet: '5.00', game: '0.00' }, frozen_at: null },
    );
    expect(rows).toEqual([
      { path: 'balances.wallet', before: '0.00', after: '5.00', change: 'changed' },
      { path: 'balances.game', before: '0.00', after: '0.00', change: 'same' },
      { path: 'frozen_at', before: null, after: null, change: 'same' },
    ]);
  });

  it('marks keys added and removed, after the paths of before', () => {
    const rows = diff({ a: 1, gone: 'x' }, { a: 1, fresh: { deep: true } });
    expect(rows.map((row) => [row.path, row.change])).toEqual([
      ['a', 'same'],
      ['gone', 'removed'],
      ['fresh.deep', 'added'],
    ]);
    expect(rows[1]).not.toHaveProperty('after');
    expect(rows[2]).not.toHaveProperty('before');
  });

  it('compares arrays item by item, a longer one adds its items', () => {
    const rows = diff({ roles: ['a', 'b'] }, { roles: ['a', 'c', 'd'] });
    expect(rows.map((row) => [row.path, row.change])).toEqual([
      ['roles[0]', 'same'],
      ['roles[1]', 'changed'],
      ['roles[2]', 'added'],
    ]);
  });

  it('tells a value from its text and an empty object from null', () => {
    const rows = diff({ n: 5, o: {}, s: 'true' }, { n: '5', o: null, s: true });
    expect(rows.map((row) => row.change)).toEqual(['changed', 'changed', 'changed']);
  });

  it('has every path added for a created target (null before), removed for a deleted one', () => {
    const created = diff(null, { id: 12, amount: '800.00', decided: { by: null } });
    expect(created.map((row) => [row.path, row.change])).toEqual([
      ['id', 'added'],
      ['amount', 'added'],
      ['decided.by', 'added'],
    ]);
    expect(diff({ id: 12 }, null)).toEqual([{ path: 'id', before: 12, change: 'removed' }]);
    expect(diff(null, null)).toEqual([]);
  });
});

describe('leafText', () => {
  it('shows a string as it is and anything else as JSON', () => {
    expect(leafText('5.00')).toBe('5.00');
    expect(leafText(null)).toBe('null');
    expect(leafText(false)).toBe('false');
    expect(leafText({})).toBe('{}');
    expect(leafText([])).toBe('[]');
  });
});
