// Ordering of the long-dragon runs. Room and option names are games/parts/game-labels (the records
// screen's names: one name per option across screens).
import type { LongRun } from '@/features/games/long/api/long-runs';

/** Rooms in the order the games are presented; unknown rooms go last. */
const ROOM_ORDER = ['k3', 'pk10', 'ssc', 'rgb1', 'rgb3', 'rgb5', 'canada', 'china', 'usa'];

const rank = (room: string): number => {
  const index = ROOM_ORDER.indexOf(room.replace(/_.*$/, ''));
  return index < 0 ? ROOM_ORDER.length : index;
};

/** Longest first; ties by room (game order), then option code, so the board does not jump. */
export function orderRuns(runs: readonly LongRun[]): LongRun[] {
  return [...runs].sort(
    (a, b) =>
      b.length - a.length ||
      rank(a.room) - rank(b.room) ||
      a.room.localeCompare(b.room) ||
      a.option.localeCompare(b.option),
  );
}
