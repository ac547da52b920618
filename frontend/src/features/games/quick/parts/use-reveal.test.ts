import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_MS } from '@/features/games/quick/parts/draw-view';
import { useReveal } from '@/features/games/quick/parts/use-reveal';

function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  }));
}

describe('result reveal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('plays for 2 s when a new result arrives, not for the first one shown', () => {
    motion(false);
    const { result, rerender } = renderHook(({ issue }) => useReveal(issue), {
      initialProps: { issue: '202611220001' as string | undefined },
    });
    expect(result.current).toBe(false);
    rerender({ issue: '202611220002' });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(REVEAL_MS - 1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
    expect(REVEAL_MS).toBe(2000);
  });

  it('never plays with prefers-reduced-motion', () => {
    motion(true);
    const { result, rerender } = renderHook(({ issue }) => useReveal(issue), {
      initialProps: { issue: '202611220001' },
    });
    rerender({ issue: '202611220002' });
    expect(result.current).toBe(false);
  });
});
