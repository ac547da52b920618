import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, phaseAt } from '@/features/games/live/clock';

describe('period clock', () => {
  it('corrects a device clock that runs behind or ahead of the server', () => {
    // The server says 1000 s; this device reads 940 s when the answer arrives: 60.5 s behind.
    expect(clockOffsetMs(1000, 940_000)).toBe(60_500);
    expect(clockOffsetMs(1000, 1_090_000)).toBe(-89_500);
    // A countdown on that device uses device time + offset.
    const period = { close_at: 1050, draw_at: 1060 };
    expect(phaseAt(period, 940_000 + clockOffsetMs(1000, 940_000))).toMatchObject({
      kind: 'open',
      closeIn: 50,
      drawIn: 60,
    });
  });

  it('goes open -> closed at close_at -> drawing at draw_at', () => {
    const period = { close_at: 1050, draw_at: 1060 };
    expect(phaseAt(period, 1_049_001)).toEqual({
      kind: 'open',
      closeIn: 1,
      drawIn: 11,
      changeInMs: 999,
    });
    expect(phaseAt(period, 1_050_000)).toEqual({
      kind: 'closed',
      closeIn: 0,
      drawIn: 10,
      changeInMs: 10_000,
    });
    expect(phaseAt(period, 1_059_500)).toMatchObject({ kind: 'closed', drawIn: 1 });
    expect(phaseAt(period, 1_060_000)).toEqual({
      kind: 'drawing',
      closeIn: 0,
      drawIn: 0,
      changeInMs: null,
    });
    expect(phaseAt(period, 1_100_000)).toMatchObject({ kind: 'drawing', drawIn: 0 });
  });

  it('formats seconds as m:ss or h:mm:ss', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
