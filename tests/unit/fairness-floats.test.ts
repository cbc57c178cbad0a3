import { describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import {
  FLOATS_PER_ROUND,
  bytesToFloat,
  bytesToHex,
  createFloatStream,
  floatAtFromArray,
  hexToBytes,
  hmacMessage,
} from '../../src/core/fairness/floats';
import type { HmacSha256 } from '../../src/core/fairness/floats';
import { floatsAsync, hmacSha256Async, sha256HexAsync } from '../../src/core/fairness/webcrypto';
import {
  CLIENT_SEED_LENGTH,
  isValidClientSeed,
  isValidServerSeed,
  randomClientSeed,
  randomServerSeed,
} from '../../src/core/fairness/seeds';
import { nodeHmacSha256, sha256Hex } from '../../src/server/fairness/hmac';

// RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
const RFC4231_KEY = 'Jefe';
const RFC4231_DATA = 'what do ya want for nothing?';
const RFC4231_HMAC = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';

/** Vectors computed with Python's hmac/hashlib and exact fractions, an implementation independent of ours. */
const VECTORS = [
  {
    serverSeed: '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea',
    clientSeed: 'abc',
    nonce: 1,
    serverSeedHash: 'b14ebc2510c9b27ec843ae98686260cc691338edf2db0a2d625fa50a1f4ebba7',
    rounds: [
      'b4c162dc6a3a96551a6204509cda878b398962012531790cddd38af010975f89',
      'ac3df88a5cb647a9af2d975088f033705e49725dac7b7dec6def6f8b18768ecd',
      '7f84630f018d831f9e57ab8c5cb9651d4f8cbac1eeb3ddfd1e7f057e1d322501',
    ],
    firstFloats: [0.7060758387669921, 0.414956470252946, 0.1030581183731556, 0.6127094950061291, 0.22475254558958113, 0.14528614562004805, 0.866509135812521, 0.06480977148748934, 0.6728206002153456, 0.36215637088753283],
  },
  {
    serverSeed: 'b6c5e8e1f7a0a9d4c3b2a1908f7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4',
    clientSeed: 'Kx9fQ2mZ7rLp0aT4vW1y',
    nonce: 0,
    serverSeedHash: '3567316dc4ed608b145627a7ca8415a4fe2d7756ff2a692dd547117dda8b47b7',
    rounds: [
      'f8616d3d48ff5f9408d79b2cba1f8ab213ce2878e8b07974b92ca0975933b3e9',
      '56c5939a4063762b16516287dcaa8d51e7c2eb15047d39c6cd7d35d23e6499fc',
      '81739f791a1e1dc387c95651e159a40ea0eae6bf8b50a456c7c0e1163f6f2c39',
    ],
    firstFloats: [0.9702366136480123, 0.2851466881111264, 0.034539888612926006, 0.7270437893457711, 0.07736447267234325, 0.9089427860453725, 0.7233372086193413, 0.34844517172314227, 0.3389522791840136, 0.2515176634769887],
  },
  {
    serverSeed: '0'.repeat(64),
    clientSeed: 'player-seed:with:colons',
    nonce: 42,
    serverSeedHash: '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    rounds: [
      'b4c784ef38765c2a797ef94138028d110620c8727775590f59621512911f95d8',
      '32dbdfaa4882e027bf1acedbc77cd03386517f6229e0e3e6078fd356f81bbf6a',
      'acf3c73649b7f0e64e74d956b8c5ef424739a95b18634f7e6f500ce705d24bef',
    ],
    firstFloats: [0.7061694224830717, 0.22055603051558137, 0.4745937141124159, 0.21878892579115927, 0.023937728721648455, 0.46663433662615716, 0.34915286721661687, 0.5668882038444281, 0.19866750622168183, 0.2832470030989498],
  },
] as const;

describe('HMAC ports', () => {
  it('node:crypto and WebCrypto both match RFC 4231 with a UTF-8 string key', async () => {
    expect(bytesToHex(nodeHmacSha256(RFC4231_KEY, RFC4231_DATA))).toBe(RFC4231_HMAC);
    expect(bytesToHex(await hmacSha256Async(RFC4231_KEY, RFC4231_DATA))).toBe(RFC4231_HMAC);
  });

  it('uses the seed hex text itself as the key, not the bytes it spells', () => {
    const seed = VECTORS[0].serverSeed;
    const message = hmacMessage(VECTORS[0].clientSeed, VECTORS[0].nonce, 0);
    expect(bytesToHex(nodeHmacSha256(seed, message))).toBe(VECTORS[0].rounds[0]);
    // What a scheme keyed by the decoded bytes would give: it must differ.
    const keyedByBytes = createHmac('sha256', Buffer.from(seed, 'hex')).update(message).digest('hex');
    expect(keyedByBytes).not.toBe(VECTORS[0].rounds[0]);
  });

  it('sha256Hex and sha256HexAsync give the commitment of the seed text', async () => {
    for (const vector of VECTORS) {
      expect(sha256Hex(vector.serverSeed)).toBe(vector.serverSeedHash);
      expect(await sha256HexAsync(vector.serverSeed)).toBe(vector.serverSeedHash);
    }
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('bytes to floats', () => {
  const rfcBytes = hexToBytes(RFC4231_HMAC);

  it('reads 4 bytes as base-256 digits after the point (bytes read off the hex by hand)', () => {
    // 5b dc c1 46 | bf 60 75 4e | ... | 64 ec 38 43
    expect(bytesToFloat(rfcBytes, 0)).toBe(0x5b / 256 + 0xdc / 256 ** 2 + 0xc1 / 256 ** 3 + 0x46 / 256 ** 4);
    expect(bytesToFloat(rfcBytes, 0)).toBe(0.3588372035883367);
    expect(bytesToFloat(rfcBytes, 4)).toBe(191 / 256 + 96 / 65536 + 117 / 16777216 + 78 / 4294967296);
    expect(bytesToFloat(rfcBytes, 28)).toBe(0.39422942767851055);
  });

  it('maps the extreme byte patterns to 0 and to the largest float below 1', () => {
    expect(bytesToFloat(new Uint8Array([0, 0, 0, 0]), 0)).toBe(0);
    expect(bytesToFloat(new Uint8Array([255, 255, 255, 255]), 0)).toBe(1 - 2 ** -32);
    expect(bytesToFloat(new Uint8Array([128, 0, 0, 0]), 0)).toBe(0.5);
  });

  it('refuses to read past the end of the digest', () => {
    expect(() => bytesToFloat(rfcBytes, 29)).toThrow(RangeError);
  });

  it('draws round r from the message "client:nonce:r" and caches each round', () => {
    const calls: string[] = [];
    const fake: HmacSha256 = (key, message) => {
      calls.push(`${key}|${message}`);
      const digest = hexToBytes(RFC4231_HMAC);
      digest[0] = Number(message.split(':').at(-1)); // make rounds distinguishable
      return digest;
    };
    const stream = createFloatStream(fake, 'seed', 'client', 7);
    expect(stream.at(1)).toBe(0.7475655856542289);
    expect(stream.at(7)).toBe(0.39422942767851055);
    expect(stream.at(0)).toBe((0 * 256 ** 3 + 0xdc * 256 ** 2 + 0xc1 * 256 + 0x46) / 2 ** 32);
    expect(stream.at(8)).toBe((1 * 256 ** 3 + 0xdc * 256 ** 2 + 0xc1 * 256 + 0x46) / 2 ** 32);
    expect(stream.at(17)).toBe(0.7475655856542289);
    expect(calls).toEqual(['seed|client:7:0', 'seed|client:7:1', 'seed|client:7:2']);
    expect(stream.take(3)).toHaveLength(3);
    expect(calls).toHaveLength(3);
  });

  it('rejects bad indexes, nonces and digests', () => {
    const stream = createFloatStream(nodeHmacSha256, VECTORS[0].serverSeed, 'c', 0);
    expect(() => stream.at(-1)).toThrow(RangeError);
    expect(() => stream.at(1.5)).toThrow(RangeError);
    expect(() => createFloatStream(nodeHmacSha256, 's', 'c', -1)).toThrow(RangeError);
    expect(() => createFloatStream(() => new Uint8Array(16), 's', 'c', 0).at(0)).toThrow(/32 bytes/);
  });
});

describe('fixed vectors (independent implementation)', () => {
  it.each(VECTORS)('node stream matches for nonce $nonce', (vector) => {
    const stream = createFloatStream(nodeHmacSha256, vector.serverSeed, vector.clientSeed, vector.nonce);
    expect(stream.take(10)).toEqual(vector.firstFloats);
    vector.rounds.forEach((hex, round) => {
      expect(bytesToHex(nodeHmacSha256(vector.serverSeed, hmacMessage(vector.clientSeed, vector.nonce, round)))).toBe(hex);
      const digest = hexToBytes(hex);
      for (let k = 0; k < FLOATS_PER_ROUND; k++) expect(stream.at(round * FLOATS_PER_ROUND + k)).toBe(bytesToFloat(digest, 4 * k));
    });
  });
});

describe('node:crypto and WebCrypto agree', () => {
  it('gives identical floats for the vectors and for random seeds', async () => {
    const cases = [
      ...VECTORS.map((v) => ({ serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce })),
      ...Array.from({ length: 20 }, (_, i) => ({
        serverSeed: randomServerSeed(randomBytes),
        clientSeed: randomClientSeed(randomBytes),
        nonce: i * 9973,
      })),
    ];
    for (const { serverSeed, clientSeed, nonce } of cases) {
      const count = 30; // crosses three round boundaries
      const expected = createFloatStream(nodeHmacSha256, serverSeed, clientSeed, nonce).take(count);
      expect(await floatsAsync(serverSeed, clientSeed, nonce, count)).toEqual(expected);
    }
  });

  it('floatsAsync returns exactly the requested count', async () => {
    expect(await floatsAsync(VECTORS[0].serverSeed, 'abc', 1, 0)).toEqual([]);
    expect(await floatsAsync(VECTORS[0].serverSeed, 'abc', 1, 9)).toEqual(VECTORS[0].firstFloats.slice(0, 9));
  });

  it('floatAtFromArray serves precomputed floats and refuses the rest', () => {
    const at = floatAtFromArray([0.25, 0.5]);
    expect(at(1)).toBe(0.5);
    expect(() => at(2)).toThrow(/not computed/);
  });
});

describe('seeds', () => {
  it('generates 20 alphanumeric characters', () => {
    for (let i = 0; i < 50; i++) {
      const seed = randomClientSeed(randomBytes);
      expect(seed).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(seed).toHaveLength(CLIENT_SEED_LENGTH);
      expect(isValidClientSeed(seed)).toBe(true);
    }
  });

  it('rejects bytes 248..255 instead of folding them onto the first letters (no modulo bias)', () => {
    // 248 % 62 would be 'A'; with rejection those bytes are skipped.
    const script = [248, 255, 0, 249, 61, 62, 250, 123, 124];
    let cursor = 0;
    const scripted = (n: number): Uint8Array => {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = script[cursor++ % script.length] ?? 0;
      return out;
    };
    expect(randomClientSeed(scripted, 5)).toBe('A9A9A');
  });

  it('draws every character equally often', () => {
    const counts = new Map<string, number>();
    const draws = 62 * 2000;
    const text = randomClientSeed(randomBytes, draws);
    for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = draws / 62;
    const chi2 = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // df = 61; P(chi2 > 110) < 1e-4 for a uniform source.
    expect(chi2).toBeLessThan(110);
  });

  it('validates client seeds: 1..64 printable ASCII without spaces', () => {
    expect(isValidClientSeed('a')).toBe(true);
    expect(isValidClientSeed('x'.repeat(64))).toBe(true);
    expect(isValidClientSeed('with:colon!~')).toBe(true);
    expect(isValidClientSeed('')).toBe(false);
    expect(isValidClientSeed('x'.repeat(65))).toBe(false);
    expect(isValidClientSeed('has space')).toBe(false);
    expect(isValidClientSeed('tab\t')).toBe(false);
    expect(isValidClientSeed('café')).toBe(false);
  });

  it('validates and generates server seeds as 64 lowercase hex characters', () => {
    const seed = randomServerSeed(randomBytes);
    expect(isValidServerSeed(seed)).toBe(true);
    expect(isValidServerSeed('AB'.repeat(32))).toBe(false);
    expect(isValidServerSeed('abc')).toBe(false);
    expect(() => randomServerSeed(() => new Uint8Array(8))).toThrow();
  });
});
