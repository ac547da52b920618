import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NumberReveal,
  REVEAL_MS,
  revealedAt,
  revealStep,
} from '@/features/home/parts/number-reveal';

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('the reveal steps', () => {
  it('start at zero, only rise, and end exactly on the value at 2 s', () => {
    const steps = [0, 100, 500, 1000, 1500, 1999, REVEAL_MS, REVEAL_MS + 500].map(revealStep);
    expect(steps[0]).toBe(0);
    expect(steps.slice(-2)).toEqual([1000, 1000]);
    for (let index = 1; index < steps.length; index += 1)
      expect(steps[index]!).toBeGreaterThanOrEqual(steps[index - 1]!);
    expect(revealedAt('1234567.89', 1000)).toBe('1234567.89');
    expect(revealedAt('1234567.89', 0)).toBe('0.00');
    expect(revealedAt('10.00', 500)).toBe('5.00');
  });
});

describe('NumberReveal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts up from zero and lands on the exact amount after 2 s', () => {
    setReducedMotion(false);
    render(<NumberReveal value="1234.56" testId="amount" />);
    const shown = screen.getByTestId('amount');

    expect(shown).toHaveTextContent('0.00');
    act(() => vi.advanceTimersByTime(REVEAL_MS / 2));
    const halfway = shown.textContent ?? '';
    expect(halfway).not.toBe('0.00');
    expect(halfway).not.toBe('1,234.56');
    act(() => vi.advanceTimersByTime(REVEAL_MS));
    expect(shown).toHaveTextContent(/^1,234\.56$/);
  });

  it('gives screen readers only the final amount, from the start', () => {
    setReducedMotion(false);
    const { container } = render(<NumberReveal value="99.50" testId="amount" />);

    expect(screen.getByTestId('amount')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('.sr-only')).toHaveTextContent(/^99\.50$/);
  });

  it('shows the amount at once with prefers-reduced-motion', () => {
    setReducedMotion(true);
    render(<NumberReveal value="1234.56" testId="amount" />);

    expect(screen.getByTestId('amount')).toHaveTextContent(/^1,234\.56$/);
  });
});
