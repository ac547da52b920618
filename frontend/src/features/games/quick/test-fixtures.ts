// Test data: every option code of each game exactly as the server lists them (src/games/*.rs
// `all()`, GAMES.md order) with GAMES.md's default odds; used by the tests only.
import type { OddsOption, RoomOdds } from '@/features/games/api/odds';
import type { Game } from '@/features/games/quick/games';
import type { RoomRules } from '@/features/games/quick/options';

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);
const SIDES = ['big', 'small', 'odd', 'even'];

function k3Codes(): string[] {
  const codes = range(3, 18).map((n) => `sum_${n}`);
  codes.push(
    ...SIDES,
    'triple_any',
    ...range(1, 6).map((n) => `triple_${n}`),
    ...range(1, 6).map((n) => `pair_${n}`),
  );
  for (const p of range(1, 6))
    for (const q of range(1, 6)) if (p !== q) codes.push(`pair_${p}_single_${q}`);
  for (const x of range(1, 6))
    for (const y of range(x + 1, 6))
      for (const z of range(y + 1, 6)) codes.push(`three_diff_${x}${y}${z}`);
  for (const x of range(1, 6)) for (const y of range(x + 1, 6)) codes.push(`two_diff_${x}${y}`);
  codes.push('straight', ...range(1, 6).map((n) => `die_${n}`));
  return codes;
}

function pk10Codes(): string[] {
  const codes: string[] = [];
  for (const k of range(1, 10)) codes.push(...range(1, 10).map((car) => `p${k}_car_${car}`));
  for (const k of range(1, 10)) codes.push(...SIDES.map((side) => `p${k}_${side}`));
  for (const k of range(1, 5)) codes.push(`p${k}_dragon`, `p${k}_tiger`);
  codes.push(...range(3, 19).map((n) => `sum_${n}`), ...SIDES.map((side) => `sum_${side}`));
  return codes;
}

function sscCodes(): string[] {
  const codes: string[] = [];
  for (const k of range(1, 5)) codes.push(...range(0, 9).map((digit) => `b${k}_${digit}`));
  for (const k of range(1, 5)) codes.push(...SIDES.map((side) => `b${k}_${side}`));
  codes.push(...SIDES.map((side) => `total_${side}`), 'dragon', 'tiger', 'tie');
  for (const window of ['front', 'middle', 'back'])
    codes.push(
      ...['leopard', 'straight', 'pair', 'half_straight', 'mixed'].map(
        (shape) => `${window}_${shape}`,
      ),
    );
  return codes;
}

const rgbCodes = (): string[] => [
  'red',
  'green',
  'violet',
  ...range(0, 9).map((n) => `num_${n}`),
  'big',
  'small',
];

export const ALL_CODES: Record<Game, string[]> = {
  k3: k3Codes(),
  pk10: pk10Codes(),
  ssc: sscCodes(),
  rgb: rgbCodes(),
};

export const optionOf = (option: string, odds = '1.95'): OddsOption => ({
  option,
  odds,
  min_bet: '1.00',
  max_user: '500.00',
  max_total: '9000.00',
});

export function oddsFixture(
  game: Game,
  room: string = game === 'rgb' ? 'rgb1' : game,
): RoomOdds<RoomRules> {
  return {
    room,
    game,
    rule_version: 1,
    service_fee_bp: game === 'rgb' ? 200 : 0,
    entry_min: '0.00',
    rules:
      game === 'rgb'
        ? { red_on_zero: '1.5', green_on_five: '1.5' }
        : game === 'pk10'
          ? { sum_eleven_refunds: true }
          : {},
    options: ALL_CODES[game].map((code) => optionOf(code)),
  };
}
