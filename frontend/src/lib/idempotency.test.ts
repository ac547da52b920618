import { describe, expect, it } from 'vitest';
import { AttemptKey, randomKey } from '@/lib/idempotency';

describe('Idempotency-Key attempts', () => {
  it('reuses the key when the same attempt is retried, and starts fresh after a change or success', () => {
    let n = 0;
    const attempt = new AttemptKey(() => `k${++n}`);
    expect(attempt.for('withdraw 10')).toBe('k1');
    // The request failed (time-out): the retry carries the same key.
    expect(attempt.for('withdraw 10')).toBe('k1');
    // The player changed the amount: a new attempt.
    expect(attempt.for('withdraw 12')).toBe('k2');
    attempt.done();
    // After a success the same fields are a new request.
    expect(attempt.for('withdraw 12')).toBe('k3');
  });

  it('makes random visible keys the server accepts (1-64 visible ASCII)', () => {
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(a);
  });
});
