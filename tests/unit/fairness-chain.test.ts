import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstBrokenLink, seedChain, seedMatchesHash } from '../../src/core/fairness/chain';
import { sha256Hex } from '../../src/server/fairness/hmac';

/** The instant-reveal hash chain (src/core/fairness/chain.ts, docs/fairness.md "Instant reveal"). */

const ORIGIN = '9c4f2a1be07d35e86a91f0c2d4b7e3a85f16c9d02e7b4a38c5d1f6e0a9b2c7d4';

describe('seed chains', () => {
  it('should use the seeds from the end backwards, each hashing to the one used before it', () => {
    const chain = seedChain(ORIGIN, 5, sha256Hex);
    expect(chain).toHaveLength(5);
    // The origin is used last; the first seed used is the origin hashed four times.
    expect(chain[4]).toBe(ORIGIN);
    expect(chain[0]).toBe(sha256Hex(sha256Hex(sha256Hex(sha256Hex(ORIGIN)))));
    for (let j = 1; j < chain.length; j += 1) expect(sha256Hex(chain[j]!)).toBe(chain[j - 1]);
    expect(new Set(chain).size).toBe(5);
    expect(chain.every((seed) => /^[0-9a-f]{64}$/.test(seed))).toBe(true);
  });

  it('should hold a one-seed chain and refuse an empty or fractional one', () => {
    expect(seedChain(ORIGIN, 1, sha256Hex)).toEqual([ORIGIN]);
    expect(() => seedChain(ORIGIN, 0, sha256Hex)).toThrow(RangeError);
    expect(() => seedChain(ORIGIN, 2.5, sha256Hex)).toThrow(RangeError);
  });

  it('should match a revealed seed to the hash shown before its bet, and no other', () => {
    const [first, second] = seedChain(ORIGIN, 2, sha256Hex) as [string, string];
    expect(seedMatchesHash(first, sha256Hex(first), sha256Hex)).toBe(true);
    expect(seedMatchesHash(second, first, sha256Hex)).toBe(true);
    expect(seedMatchesHash(first, second, sha256Hex)).toBe(false);
  });

  it('should find the first seed of a run that does not hash to the one before it', () => {
    const chain = seedChain(ORIGIN, 6, sha256Hex);
    expect(firstBrokenLink(chain, sha256Hex)).toBeNull();
    expect(firstBrokenLink([], sha256Hex)).toBeNull();
    const tampered = [...chain];
    // One character changed in the fourth seed: its link to the third breaks (and the fifth's to it).
    tampered[3] = (tampered[3]![0] === 'a' ? 'b' : 'a') + tampered[3]!.slice(1);
    expect(firstBrokenLink(tampered, sha256Hex)).toBe(3);
    // Seeds out of order break the run too.
    expect(firstBrokenLink([chain[1]!, chain[0]!], sha256Hex)).toBe(1);
  });

  it("should compute docs/fairness.md's chain example exactly as written", () => {
    const doc = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
    const block = /```chain-example\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const fields = new Map(
      block!
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)] as const),
    );
    const chain = seedChain(fields.get('origin g0')!, Number(fields.get('length')), sha256Hex);
    expect(chain.map((_, j) => fields.get(`bet ${j} seed`))).toEqual(chain);
    expect(fields.get('first hash')).toBe(sha256Hex(chain[0]!));
    expect(fields.size).toBe(3 + chain.length);
  });
});
