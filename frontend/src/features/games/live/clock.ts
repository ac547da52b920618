// Periods against the server's clock. A phone's clock can be minutes off, so countdowns run on
// device time plus an offset learned from the server's `now` (api/roominfo/index, live events).
export type Period = { close_at: number; draw_at: number };

/** open: taking bets; closed: betting closed, waiting for the draw; drawing: past draw_at, the next period is on its way. */
export type PhaseKind = 'open' | 'closed' | 'drawing';

export type Phase = {
  kind: PhaseKind;
  /** Whole seconds until betting closes / until the draw (rounded up, never negative). */
  closeIn: number;
  drawIn: number;
  /** Milliseconds until the phase changes; null once drawing. */
  changeInMs: number | null;
};

/**
 * Server time minus device time, in ms. `now` is whole seconds (the server floors), so the true
 * server time at arrival lies in [now, now + 1): the middle is the best guess.
 */
export function clockOffsetMs(serverNow: number, receivedAtMs: number): number {
  return serverNow * 1000 + 500 - receivedAtMs;
}

export function phaseAt(period: Period, serverMs: number): Phase {
  const closeMs = period.close_at * 1000;
  const drawMs = period.draw_at * 1000;
  const closeIn = Math.max(0, Math.ceil((closeMs - serverMs) / 1000));
  const drawIn = Math.max(0, Math.ceil((drawMs - serverMs) / 1000));
  if (serverMs < closeMs) return { kind: 'open', closeIn, drawIn, changeInMs: closeMs - serverMs };
  if (serverMs < drawMs) return { kind: 'closed', closeIn, drawIn, changeInMs: drawMs - serverMs };
  return { kind: 'drawing', closeIn, drawIn, changeInMs: null };
}

/** "0:09", "1:05", "1:02:03". */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = (total % 60).toString().padStart(2, '0');
  return hours > 0
    ? `${hours}:${minutes.toString().padStart(2, '0')}:${secs}`
    : `${minutes}:${secs}`;
}
