// React side of clock.ts: a server clock that ticks on whole server seconds, and the period's
// phase, which re-renders only when it changes (the option board should not redraw every second).
import { useEffect, useState } from 'react';
import { phaseAt, type Period, type Phase } from '@/features/games/live/clock';

/** Server time in ms, updated just after each whole server second. */
export function useServerNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const server = Date.now() + offsetMs;
      setNow(server);
      timer = setTimeout(tick, 1000 - (server % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [offsetMs]);
  return now;
}

/** The phase of `period`, re-computed when it is due to change. */
export function usePhase(period: Period | undefined, offsetMs: number): Phase | undefined {
  const [, setVersion] = useState(0);
  const phase = period === undefined ? undefined : phaseAt(period, Date.now() + offsetMs);
  const changeIn = phase?.changeInMs ?? null;
  const kind = phase?.kind;
  useEffect(() => {
    if (changeIn === null) return undefined;
    const timer = setTimeout(() => setVersion((version) => version + 1), changeIn + 5);
    return () => clearTimeout(timer);
    // Re-arm when the phase or the period changes, not on every render.
  }, [kind, period?.close_at, period?.draw_at, offsetMs]);
  return phase;
}
