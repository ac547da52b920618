import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirm, getDialogs, getToast, toast } from '@/lib/notify';

afterEach(() => vi.useRealTimers());

describe('notify', () => {
  it('shows a toast for 2000 ms; a newer one replaces it', () => {
    vi.useFakeTimers();
    toast('first');
    expect(getToast()?.text).toBe('first');
    vi.advanceTimersByTime(1500);
    toast('second', 'error');
    expect(getToast()).toMatchObject({ text: 'second', tone: 'error' });
    vi.advanceTimersByTime(1999);
    expect(getToast()?.text).toBe('second');
    vi.advanceTimersByTime(1);
    expect(getToast()).toBeNull();
  });

  it('queues confirm dialogs and resolves with the answer', async () => {
    const first = confirm({ message: 'One?' });
    const second = confirm({ message: 'Two?' });
    expect(getDialogs().map((dialog) => dialog.message)).toEqual(['One?', 'Two?']);
    getDialogs()[0]?.settle(true);
    getDialogs()[0]?.settle(false);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    expect(getDialogs()).toHaveLength(0);
  });
});
