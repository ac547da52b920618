import { useEffect, useState } from 'react';

/** Typing pauses this long before a schedule is asked for. */
export const DEBOUNCE_MS = 350;

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
