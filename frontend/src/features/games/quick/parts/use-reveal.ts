import { useEffect, useState } from 'react';
import { REVEAL_MS } from '@/features/games/quick/parts/draw-view';

const reducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Whether the result of `issue` is being revealed: for REVEAL_MS after the issue changes (not on
 * the first result a page shows, and never with prefers-reduced-motion).
 */
export function useReveal(issue: string | undefined): boolean {
  const [state, setState] = useState({ issue, revealing: false });
  if (state.issue !== issue) {
    // Derived during render, so the new result's first frame already animates.
    setState({
      issue,
      revealing: state.issue !== undefined && issue !== undefined && !reducedMotion(),
    });
  }
  const revealing = state.issue === issue && state.revealing;
  useEffect(() => {
    if (!revealing) return undefined;
    const timer = setTimeout(
      () => setState((current) => ({ ...current, revealing: false })),
      REVEAL_MS,
    );
    return () => clearTimeout(timer);
  }, [revealing, issue]);
  return revealing;
}
