// GAMES.md's published test vectors (and those of src/games/tests/vectors.rs and fair.rs),
// reproduced by the browser verifier; tampered seeds, links and values must fail.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptUniform,
  DRAW_SOURCES,
  deriveDraw,
  drawSourceOf,
  DrawStream,
  parseSeedHex,
  sameValues,
  sha256Hex,
  toHex,
  verifyDraw,
  yn28Digits,
  type DrawValues,
} from '@/features/games/fair/verify';

const SEED_HEX = '0599ea1dc6190279bd0f278e79006bca589b962daecd14d2ab6ca295834fa058';
const ISSUE = '202611220001';
const seed = () => parseSeedHex(SEED_HEX)!;
/** The link the test seed must hash to, computed independently of the code under test. */
const PREVIOUS = createHash('sha256').update(Buffer.from(SEED_HEX, 'hex')).digest('hex');

const CHINA_KENO = [2, 4, 9, 11, 15, 26, 29, 33, 36, 39, 41, 43, 46, 48, 55, 59, 67, 75, 78, 79];
const CANADA_KENO = [5, 7, 8, 11, 12, 16, 24, 26, 28, 31, 35, 42, 45, 51, 57, 60, 69, 74, 77, 79];
const USA_NUMBERS = [7, 15, 27, 28, 71, 75];

const VECTORS: [string, DrawValues][] = [
  ['k3', { game: 'k3', result: [3, 1, 6] }],
  ['pk10', { game: 'pk10', result: [8, 3, 6, 10, 5, 1, 4, 9, 7, 2] }],
  ['ssc', { game: 'ssc', result: [6, 7, 5, 0, 8] }],
  ['rgb1', { game: 'rgb', result: 0 }],
  ['china', { game: 'yn28', result: { region: 'china', numbers: CHINA_KENO, digits: [7, 1, 0] } }],
  [
    'canada',
    { game: 'yn28', result: { region: 'canada', numbers: CANADA_KENO, digits: [0, 5, 8] } },
  ],
  ['usa', { game: 'yn28', result: { region: 'usa', numbers: USA_NUMBERS, digits: [2, 3, 8] } }],
];

async function words(
  source: Parameters<typeof DrawStream.open>[1],
  count: number,
): Promise<number[]> {
  const stream = await DrawStream.open(seed(), source, ISSUE);
  const read: number[] = [];
  for (let index = 0; index < count; index += 1) read.push(await stream.nextU32());
  return read;
}

describe('the test vector seed and stream', () => {
  it('is SHA-256 of "fairhall test vector"', async () => {
    expect(await sha256Hex(new TextEncoder().encode('fairhall test vector'))).toBe(SEED_HEX);
    expect(toHex(parseSeedHex(SEED_HEX.toUpperCase())!)).toBe(SEED_HEX);
  });

  it('starts the k3 stream with the published words', async () => {
    expect(await words('k3', 3)).toEqual([3_615_859_934, 3_091_029_072, 2_503_322_027]);
  });

  it('continues into block 1 after eight words, as HMAC(seed, "k3:<issue>:1")', async () => {
    const read = await words('k3', 9);
    const blockOne = createHmac('sha256', Buffer.from(SEED_HEX, 'hex'))
      .update(`k3:${ISSUE}:1`)
      .digest();
    expect(read[8]).toBe(blockOne.readUInt32BE(0));
    const blockZero = createHmac('sha256', Buffer.from(SEED_HEX, 'hex'))
      .update(`k3:${ISSUE}:0`)
      .digest();
    expect(read.slice(0, 8)).toEqual(
      [0, 4, 8, 12, 16, 20, 24, 28].map((offset) => blockZero.readUInt32BE(offset)),
    );
  });

  it('names the draw source in the message, so the rgb rooms read different streams', async () => {
    const first = await Promise.all(
      (['rgb1', 'rgb3', 'rgb5'] as const).map(async (source) => (await words(source, 1))[0]),
    );
    expect(new Set(first).size).toBe(3);
  });
});

describe('derivation', () => {
  it.each(VECTORS)('%s gives the published values', async (source, expected) => {
    expect(await deriveDraw(source as (typeof DRAW_SOURCES)[number], seed(), ISSUE)).toEqual(
      expected,
    );
  });

  it('gives the same draw to every tier room of a region', async () => {
    for (const region of ['canada', 'china', 'usa']) {
      for (const tier of ['ordinary', 'vip', 'diamond', 'supreme'])
        expect(drawSourceOf(`${region}_${tier}`)).toBe(region);
    }
    const outcome = await verifyDraw({
      room: 'canada_vip',
      issue: ISSUE,
      seed: SEED_HEX,
      previous: PREVIOUS,
      values: VECTORS[5]![1],
    });
    expect(outcome).toEqual({ linkHolds: true, valuesMatch: true, derived: VECTORS[5]![1] });
  });

  it('maps room codes to what draws and refuses unknown ones', () => {
    expect(DRAW_SOURCES.map(drawSourceOf)).toEqual([...DRAW_SOURCES]);
    for (const room of ['', 'K3', 'canada_', 'mars_vip', 'rgb2', 'k3 ', 'canada_gold'])
      expect(drawSourceOf(room), room).toBeNull();
  });

  it('computes the Canada worked example 8, 8, 4 (sum 20)', () => {
    const digits = yn28Digits(
      'canada',
      [7, 8, 14, 16, 17, 22, 26, 34, 39, 41, 42, 48, 54, 58, 63, 64, 69, 72, 73, 79],
    );
    expect(digits).toEqual([8, 8, 4]);
    expect(digits.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('rejects words at or above floor(2^32 / n) * n', () => {
    expect(acceptUniform(4_294_967_291, 6)).toBe(4_294_967_291 % 6);
    expect(acceptUniform(4_294_967_292, 6)).toBeNull();
    expect(acceptUniform(4_294_967_295, 6)).toBeNull();
    expect(acceptUniform(4_294_967_279, 80)).toBe(79);
    expect(acceptUniform(4_294_967_280, 80)).toBeNull();
    expect(acceptUniform(4_294_967_295, 1)).toBe(0);
    expect(acceptUniform(4_294_967_295, 2 ** 31)).toBe(2 ** 31 - 1);
    expect(acceptUniform(4_294_967_295, 3)).toBeNull();
  });

  it('reads nothing for uniform(0) and takes the first word mod n otherwise', async () => {
    const stream = await DrawStream.open(seed(), 'k3', ISSUE);
    expect(await stream.uniform(0)).toBe(0);
    expect(await stream.nextU32()).toBe(3_615_859_934);
    const fresh = await DrawStream.open(seed(), 'k3', ISSUE);
    expect(await fresh.uniform(6)).toBe(3_615_859_934 % 6);
  });

  it('shuffles and picks every value exactly once', async () => {
    const stream = await DrawStream.open(seed(), 'k3', ISSUE);
    const picked = await stream.pick(20, 80);
    expect(picked).toHaveLength(20);
    expect(picked.every((value, index) => index === 0 || (picked[index - 1] ?? 0) < value)).toBe(
      true,
    );
    expect(picked.every((value) => value >= 1 && value <= 80)).toBe(true);
    const cars = await stream.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...cars].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('verifyDraw', () => {
  const k3 = {
    room: 'k3',
    issue: ISSUE,
    seed: SEED_HEX,
    previous: PREVIOUS,
    values: { game: 'k3', result: [3, 1, 6] },
  };

  it('passes both checks for an honest draw, in either hex case', async () => {
    expect(await verifyDraw(k3)).toEqual({
      linkHolds: true,
      valuesMatch: true,
      derived: { game: 'k3', result: [3, 1, 6] },
    });
    const upper = await verifyDraw({
      ...k3,
      seed: SEED_HEX.toUpperCase(),
      previous: PREVIOUS.toUpperCase(),
    });
    expect([upper.linkHolds, upper.valuesMatch]).toEqual([true, true]);
  });

  it.each(VECTORS)('verifies the %s vector as the server stores it', async (room, values) => {
    const outcome = await verifyDraw({
      room,
      issue: ISSUE,
      seed: SEED_HEX,
      previous: PREVIOUS,
      values: JSON.parse(JSON.stringify(values)),
    });
    expect([outcome.linkHolds, outcome.valuesMatch]).toEqual([true, true]);
  });

  it('fails both checks when one digit of the seed is changed', async () => {
    const tampered = `${SEED_HEX.slice(0, 10)}${SEED_HEX[10] === '0' ? '1' : '0'}${SEED_HEX.slice(11)}`;
    const outcome = await verifyDraw({ ...k3, seed: tampered });
    expect(outcome.linkHolds).toBe(false);
    expect(outcome.valuesMatch).toBe(false);
    expect(outcome.derived).not.toEqual({ game: 'k3', result: [3, 1, 6] });
  });

  it('fails the link when previous is not the hash of the seed (or the seed hashes to itself)', async () => {
    expect((await verifyDraw({ ...k3, previous: SEED_HEX })).linkHolds).toBe(false);
    expect((await verifyDraw({ ...k3, previous: PREVIOUS.slice(1) })).linkHolds).toBe(false);
    const backwards = await verifyDraw({ ...k3, seed: PREVIOUS, previous: SEED_HEX });
    expect(backwards.linkHolds).toBe(false);
  });

  it('fails the values when a published value is changed', async () => {
    for (const values of [
      { game: 'k3', result: [3, 1, 5] },
      { game: 'k3', result: [1, 3, 6] },
      { game: 'k3', result: [3, 1, 6, 1] },
      { game: 'pk10', result: [3, 1, 6] },
      { game: 'k3', result: '3,1,6' },
      { result: [3, 1, 6] },
      null,
    ]) {
      const outcome = await verifyDraw({ ...k3, values });
      expect(outcome, JSON.stringify(values)).toMatchObject({
        linkHolds: true,
        valuesMatch: false,
      });
    }
  });

  it('fails the values for another room or issue with the same seed', async () => {
    expect((await verifyDraw({ ...k3, room: 'pk10' })).valuesMatch).toBe(false);
    expect((await verifyDraw({ ...k3, issue: '202611220002' })).valuesMatch).toBe(false);
    expect(await verifyDraw({ ...k3, room: 'mars_vip' })).toEqual({
      linkHolds: true,
      valuesMatch: false,
      derived: null,
    });
    expect(await verifyDraw({ ...k3, issue: '2026112200011' })).toEqual({
      linkHolds: true,
      valuesMatch: false,
      derived: null,
    });
  });

  it('refuses malformed seeds without deriving anything', async () => {
    for (const bad of ['', '00', 'g'.repeat(64), '0'.repeat(63), '0'.repeat(66)]) {
      expect(await verifyDraw({ ...k3, seed: bad }), bad).toEqual({
        linkHolds: false,
        valuesMatch: false,
        derived: null,
      });
    }
  });

  it('checks yn28 region, keno numbers and digits, and accepts the {a, b, c} shorthand', async () => {
    const usa = VECTORS[6]![1];
    expect(
      sameValues(usa, {
        game: 'yn28',
        result: { region: 'usa', numbers: USA_NUMBERS, digits: [2, 3, 8] },
      }),
    ).toBe(true);
    expect(
      sameValues(usa, {
        game: 'yn28',
        result: { region: 'usa', numbers: USA_NUMBERS, digits: [2, 3, 9] },
      }),
    ).toBe(false);
    expect(
      sameValues(usa, {
        game: 'yn28',
        result: { region: 'china', numbers: USA_NUMBERS, digits: [2, 3, 8] },
      }),
    ).toBe(false);
    expect(
      sameValues(usa, {
        game: 'yn28',
        result: { region: 'usa', numbers: [7, 15, 27, 28, 71, 76], digits: [2, 3, 8] },
      }),
    ).toBe(false);
    expect(sameValues(usa, { game: 'yn28', result: { a: 2, b: 3, c: 8 } })).toBe(true);
    expect(sameValues(usa, { game: 'yn28', result: { a: 2, b: 3, c: 7 } })).toBe(false);
    expect(
      sameValues(usa, { game: 'yn28', result: { a: 2, b: 3, c: 8, numbers: [1, 2, 3, 4, 5, 6] } }),
    ).toBe(false);
    const outcome = await verifyDraw({
      room: 'usa_supreme',
      issue: ISSUE,
      seed: SEED_HEX,
      previous: PREVIOUS,
      values: { game: 'yn28', result: { a: 2, b: 3, c: 8 } },
    });
    expect(outcome.valuesMatch).toBe(true);
  });
});
