import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, text } from '@/console/i18n/i18n';
import { formatAge } from '@/console/lib/age';

beforeAll(async () => {
  await activateLanguage('en');
});

describe('formatAge', () => {
  it.each([
    [0, 'under 1 min'],
    [59, 'under 1 min'],
    [180, '3 min'],
    [3599, '59 min'],
    [3600, '1 h 0 min'],
    [7500, '2 h 5 min'],
    [86_399, '23 h 59 min'],
    [90_000, '1 d 1 h'],
    [-5, 'under 1 min'],
  ])('%i s reads %s', (seconds, shown) => {
    expect(formatAge(seconds, text)).toBe(shown);
  });
});
