// The published draw verification, run in the browser with WebCrypto only (GAMES.md "Deriving
// values from a seed", docs/fairness.md; the server's twin is src/games/fairness/fair.rs + rules/draw.rs):
//   1. SHA-256(seed) == previous (the previous period's seed, or the commitment);
//   2. the game values follow from the seed: HMAC-SHA256(key = seed,
//      msg = "<draw source>:<issue>:<block>") for block 0, 1, ... read as big-endian u32,
//      turned into values by rejection sampling, Fisher-Yates shuffles and keno picks.
// `crypto.subtle` exists only in secure contexts (HTTPS or localhost): elsewhere verifyDraw
// rejects with VerifyUnavailableError instead of pretending.

/** What draws: the `<draw source>` of the HMAC message. yn28 tier rooms share their region's. */
export const DRAW_SOURCES = [
  'k3',
  'pk10',
  'ssc',
  'rgb1',
  'rgb3',
  'rgb5',
  'canada',
  'china',
  'usa',
] as const;
export type DrawSource = (typeof DRAW_SOURCES)[number];

export const REGIONS = ['canada', 'china', 'usa'] as const;
export type Region = (typeof REGIONS)[number];

/** A draw's values as the server stores and sends them (serde of src/games/draw.rs `Draw`). */
export type DrawValues =
  | { game: 'k3'; result: number[] }
  | { game: 'pk10'; result: number[] }
  | { game: 'ssc'; result: number[] }
  | { game: 'rgb'; result: number }
  | { game: 'yn28'; result: { region: Region; numbers: number[]; digits: number[] } };

export type VerifyInput = {
  room: string;
  issue: string;
  seed: string;
  previous: string;
  values: unknown;
};

export type DrawVerification = {
  /** SHA-256(seed) equals `previous`. */
  linkHolds: boolean;
  /** The values derived from the seed equal the published `values`. */
  valuesMatch: boolean;
  /** What the seed gives for this room and issue; null when the seed, room or issue is malformed. */
  derived: DrawValues | null;
};

export class VerifyUnavailableError extends Error {
  constructor() {
    super('WebCrypto (crypto.subtle) is not available: it needs HTTPS or localhost');
    this.name = 'VerifyUnavailableError';
  }
}

const TIER_ROOM_RE = /^(canada|china|usa)_(ordinary|vip|diamond|supreme)$/;
/** `YYYYMMDD` + 4-digit sequence; written into the message exactly as given. */
const ISSUE_RE = /^\d{12}$/;
const SEED_RE = /^[0-9a-fA-F]{64}$/;
/** Numbers drawn per yn28 region, and the 1-based positions in the sorted numbers whose sum
 * mod 10 gives a, b and c (src/games/yn28.rs `digit_positions`). */
const YN28: Record<Region, { count: number; positions: [number[], number[], number[]] }> = {
  china: {
    count: 20,
    positions: [
      [1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12],
      [13, 14, 15, 16, 17, 18],
    ],
  },
  canada: {
    count: 20,
    positions: [
      [2, 5, 8, 11, 14, 17],
      [3, 6, 9, 12, 15, 18],
      [4, 7, 10, 13, 16, 19],
    ],
  },
  usa: {
    count: 6,
    positions: [
      [1, 6],
      [2, 4],
      [3, 5],
    ],
  },
};
const KENO_HIGHEST = 80;

/** The draw source of a room code (`canada_vip` -> `canada`); a draw source maps to itself. */
export function drawSourceOf(room: string): DrawSource | null {
  if ((DRAW_SOURCES as readonly string[]).includes(room)) return room as DrawSource;
  const tier = TIER_ROOM_RE.exec(room);
  return tier === null ? null : (tier[1] as Region);
}

function subtle(): SubtleCrypto {
  const found = globalThis.crypto?.subtle;
  if (found === undefined) throw new VerifyUnavailableError();
  return found;
}

/** 64 hex digits (either case) -> 32 bytes; null for anything else. */
export function parseSeedHex(text: string): Uint8Array<ArrayBuffer> | null {
  if (!SEED_RE.test(text)) return null;
  const bytes = new Uint8Array(32);
  for (let index = 0; index < 32; index += 1)
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Lower-case hex SHA-256 of `bytes`. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', bytes)));
}

/** One step of `uniform(n)`, n > 0: `value mod n` when `value < floor(2^32 / n) * n`, else null. */
export function acceptUniform(value: number, n: number): number | null {
  const limit = Math.floor(2 ** 32 / n) * n;
  return value < limit ? value % n : null;
}

/** The outcome bytes of one draw, read 4 at a time as big-endian u32. */
export class DrawStream {
  private block = 0;
  private words: DataView | null = null;
  private used = 0;

  private constructor(
    private readonly key: CryptoKey,
    private readonly prefix: string,
  ) {}

  static async open(
    seed: Uint8Array<ArrayBuffer>,
    source: DrawSource,
    issue: string,
  ): Promise<DrawStream> {
    const key = await subtle().importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    return new DrawStream(key, `${source}:${issue}:`);
  }

  async nextU32(): Promise<number> {
    if (this.words === null || this.used === this.words.byteLength) {
      const message = new TextEncoder().encode(`${this.prefix}${this.block}`);
      this.words = new DataView(await subtle().sign('HMAC', this.key, message));
      this.block += 1;
      this.used = 0;
    }
    const word = this.words.getUint32(this.used, false);
    this.used += 4;
    return word;
  }

  /** A value in 0..n without modulo bias. Unbounded like the server's (any cap would change
   * the derivation); for n <= 80 a read is rejected with probability below 2^-25. n = 0 reads
   * nothing and gives 0, as on the server. */
  async uniform(n: number): Promise<number> {
    if (n === 0) return 0;
    for (;;) {
      const value = acceptUniform(await this.nextU32(), n);
      if (value !== null) return value;
    }
  }

  /** Fisher-Yates from the last index down: swap item i with item uniform(i + 1). */
  async shuffle<T>(items: T[]): Promise<T[]> {
    for (let index = items.length - 1; index >= 1; index -= 1) {
      const other = await this.uniform(index + 1);
      [items[index], items[other]] = [items[other] as T, items[index] as T];
    }
    return items;
  }

  /** The first `count` values of shuffle([1..=highest]), sorted ascending. */
  async pick(count: number, highest: number): Promise<number[]> {
    const numbers = await this.shuffle(Array.from({ length: highest }, (_, index) => index + 1));
    return numbers.slice(0, count).sort((a, b) => a - b);
  }
}

/** a, b, c of a yn28 region from its sorted keno numbers. */
export function yn28Digits(region: Region, numbers: readonly number[]): number[] {
  return YN28[region].positions.map(
    (positions) => positions.reduce((sum, position) => sum + (numbers[position - 1] ?? 0), 0) % 10,
  );
}

async function repeat(times: number, next: () => Promise<number>): Promise<number[]> {
  const values: number[] = [];
  for (let index = 0; index < times; index += 1) values.push(await next());
  return values;
}

/** The values of `source` for `issue` with seed s_k: GAMES.md's table, exactly. */
export async function deriveDraw(
  source: DrawSource,
  seed: Uint8Array<ArrayBuffer>,
  issue: string,
): Promise<DrawValues> {
  const stream = await DrawStream.open(seed, source, issue);
  switch (source) {
    case 'k3':
      return { game: 'k3', result: await repeat(3, async () => (await stream.uniform(6)) + 1) };
    case 'pk10':
      return { game: 'pk10', result: await stream.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) };
    case 'ssc':
      return { game: 'ssc', result: await repeat(5, () => stream.uniform(10)) };
    case 'rgb1':
    case 'rgb3':
    case 'rgb5':
      return { game: 'rgb', result: await stream.uniform(10) };
    case 'canada':
    case 'china':
    case 'usa': {
      const numbers = await stream.pick(YN28[source].count, KENO_HIGHEST);
      return {
        game: 'yn28',
        result: { region: source, numbers, digits: yn28Digits(source, numbers) },
      };
    }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sameNumbers = (a: unknown, b: readonly number[]): boolean =>
  Array.isArray(a) && a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Whether published `values` equal the derived ones. yn28 results are compared in the server's
 * form {region, numbers, digits}; a result written as {a, b, c} (the contract's shorthand) is
 * compared on those digits and on whichever of region and numbers it carries.
 */
export function sameValues(derived: DrawValues, values: unknown): boolean {
  if (!isRecord(values) || values.game !== derived.game) return false;
  const result = values.result;
  switch (derived.game) {
    case 'rgb':
      return result === derived.result;
    case 'yn28': {
      if (!isRecord(result)) return false;
      const expected = derived.result;
      const digits = 'digits' in result ? result.digits : [result.a, result.b, result.c];
      const regionOk =
        'digits' in result || 'region' in result ? result.region === expected.region : true;
      const numbersOk =
        'digits' in result || 'numbers' in result
          ? sameNumbers(result.numbers, expected.numbers)
          : true;
      return regionOk && numbersOk && sameNumbers(digits, expected.digits);
    }
    default:
      return sameNumbers(result, derived.result);
  }
}

/** Reruns both checks of a revealed draw from public data only. */
export async function verifyDraw(input: VerifyInput): Promise<DrawVerification> {
  const seed = parseSeedHex(input.seed);
  if (seed === null) return { linkHolds: false, valuesMatch: false, derived: null };
  const linkHolds =
    SEED_RE.test(input.previous) && (await sha256Hex(seed)) === input.previous.toLowerCase();
  const source = drawSourceOf(input.room);
  if (source === null || !ISSUE_RE.test(input.issue))
    return { linkHolds, valuesMatch: false, derived: null };
  const derived = await deriveDraw(source, seed, input.issue);
  return { linkHolds, valuesMatch: sameValues(derived, input.values), derived };
}
