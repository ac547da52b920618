// Calendar arithmetic on "YYYY-MM" months and "YYYY-MM-DD" dates, in whole days (no time zone:
// the server already gives the operator's dates).

/** "2026-11" shifted by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + delta;
  const shifted = `${Math.floor(total / 12)}`.padStart(4, '0');
  return `${shifted}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The weeks of `month`, Monday first: day numbers, null for the days of other months. */
export function monthWeeks(month: string): (number | null)[][] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate();
  // getUTCDay: 0 = Sunday; Monday-first offset.
  const lead = (new Date(Date.UTC(year, index - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length: days }, (_, day) => day + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Monday to Sunday in `lang`, short ("Mon"). */
export function weekdayNames(lang: string): string[] {
  const format = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
}

/** "November 2026" in `lang`. */
export function monthTitle(month: string, lang: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  return format.format(new Date(Date.UTC(year, index - 1, 1)));
}

export const dateOf = (month: string, day: number): string =>
  `${month}-${String(day).padStart(2, '0')}`;
