import { describe, expect, it } from 'vitest';
import { CARD_READ, DEPOSIT_REVIEW, may, WITHDRAWAL_REVIEW } from '@/console/lib/may';

describe('may', () => {
  it.each([
    ['the exact permission', ['wallet:deposit:review'], true],
    ['everything', ['*:*:*'], true],
    ['every wallet permission', ['wallet:*:*'], true],
    ['every review of deposits by segment', ['wallet:deposit:*'], true],
    ['any noun with that thing and verb', ['*:deposit:review'], true],
    ['one of several', ['content:*:*', 'wallet:deposit:review'], true],
    ['nothing', [], false],
    ['another verb', ['wallet:deposit:read'], false],
    ['another noun', ['content:*:*'], false],
    ['a pattern of two segments', ['wallet:*'], false],
    ['a pattern of four segments', ['wallet:deposit:review:*'], false],
    ['a lone star', ['*'], false],
    ['a prefix of a segment', ['wallet:dep:review'], false],
  ])('%s', (_, held, granted) => {
    expect(may(held, DEPOSIT_REVIEW)).toBe(granted);
  });

  it('never grants a wanted name that is not three plain segments', () => {
    expect(may(['*:*:*'], '')).toBe(false);
    expect(may(['*:*:*'], 'wallet:deposit')).toBe(false);
    expect(may(['*:*:*'], 'wallet:*:review')).toBe(false);
    expect(may(['*:*:*'], 'wallet::review')).toBe(false);
  });

  it('keeps the withdrawal review apart from reading the whole card', () => {
    expect(may(['wallet:withdrawal:review'], WITHDRAWAL_REVIEW)).toBe(true);
    expect(may(['wallet:withdrawal:review'], CARD_READ)).toBe(false);
    expect(may(['wallet:*:*'], CARD_READ)).toBe(true);
  });
});
