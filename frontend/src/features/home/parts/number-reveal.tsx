// The spec's number reveal (section 9: 2 s): an amount counts up from 0 the first time it shows,
// on integer minor units (no float touches the money), easing out so the last digits settle
// slowly. Screen readers read only the final value; with prefers-reduced-motion it shows at once.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { formatMoney, fromMinor, minorOr0, type MoneyText } from '@/lib/money';

export const REVEAL_MS = 2000;

/** Steps of the eased progress: the shown amount is `minor * step / STEPS`, in bigint. */
const STEPS = 1000;

/** Whether the player asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The eased progress in steps (0..=STEPS) after `elapsedMs` of `REVEAL_MS` (cubic ease-out). */
export function revealStep(elapsedMs: number): number {
  if (elapsedMs >= REVEAL_MS) return STEPS;
  const left = 1 - Math.max(0, elapsedMs) / REVEAL_MS;
  return Math.min(STEPS, Math.round(STEPS * (1 - left * left * left)));
}

/** `value` at `step` of the reveal, as money text: exact at the last step. */
export function revealedAt(value: MoneyText, step: number): MoneyText {
  const minor = minorOr0(value);
  return fromMinor((minor * BigInt(step)) / BigInt(STEPS));
}

/** At most one text update per this many ms: a count-up reads smoothly at 30 frames a second. */
const FRAME_MS = 32;

/**
 * An amount revealed by counting up. `testId` marks the visible number (its text is the final
 * amount once the reveal ends); the screen-reader copy is the final amount from the start.
 * The frames write the number's text directly: a page must not re-render 60 times a second.
 */
export function NumberReveal({
  value,
  className,
  testId,
}: {
  value: MoneyText;
  className?: string;
  testId?: string;
}) {
  const shown = useRef<HTMLSpanElement>(null);
  const latest = useRef(value);
  latest.current = value;
  // Before the first paint: the reveal starts from zero (React rendered the final amount).
  useLayoutEffect(() => {
    if (!prefersReducedMotion() && shown.current !== null)
      shown.current.textContent = formatMoney(revealedAt(latest.current, 0));
  }, []);
  useEffect(() => {
    if (prefersReducedMotion()) return undefined;
    let frame = 0;
    let written = -FRAME_MS;
    const started = performance.now();
    const tick = (at: number) => {
      const step = revealStep(at - started);
      if (step === STEPS || at - written >= FRAME_MS) {
        written = at;
        if (shown.current !== null)
          shown.current.textContent = formatMoney(revealedAt(latest.current, step));
      }
      if (step < STEPS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <span className={className}>
      <span
        ref={shown}
        aria-hidden="true"
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatMoney(value)}
      </span>
      <span className="sr-only">{formatMoney(value)}</span>
    </span>
  );
}
