import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildLevels, checkProof, heightOf, parseProof, pathFromBlock, pathOf, recomputeRoot, rootOf } from '../../src/core/proof/merkleSum';
import type { LeafInput, WireLiabilityProof } from '../../src/core/proof/merkleSum';
import { sha256HexAsync } from '../../src/core/fairness/webcrypto';
import { sha256Hex } from '../../src/server/fairness/hmac';

/** Issue 23: the Merkle sum tree of the proof of liabilities, checked against the strings written out by hand. */

const h = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const C = 'c'.repeat(32);
const leaves: LeafInput[] = [
  { nonce: A, balance: 150_000_000n },
  { nonce: B, balance: 0n },
  { nonce: C, balance: 25n },
];
const leafA = h(`leaf:${A}:150000000`);
const leafB = h(`leaf:${B}:0`);
const leafC = h(`leaf:${C}:25`);
const empty = h('empty');

describe('the Merkle sum tree', () => {
  it('should hash a leaf as sha256hex("leaf:" + nonce + ":" + balance) with the balance as its sum', () => {
    const root = rootOf(buildLevels([leaves[0]!], sha256Hex));
    expect(root).toEqual({ hash: leafA, sum: 150_000_000n });
    expect(pathOf(buildLevels([leaves[0]!], sha256Hex), 0, sha256Hex)).toEqual([]);
  });

  it('should combine two leaves as sha256hex("node:" + left.hash + ":" + left.sum + ":" + right.hash + ":" + right.sum)', () => {
    const root = rootOf(buildLevels(leaves.slice(0, 2), sha256Hex));
    expect(root).toEqual({ hash: h(`node:${leafA}:150000000:${leafB}:0`), sum: 150_000_000n });
  });

  it('should pair the last node of an odd level with the empty node (hash sha256hex("empty"), sum 0)', () => {
    const ab = h(`node:${leafA}:150000000:${leafB}:0`);
    const cEmpty = h(`node:${leafC}:25:${empty}:0`);
    const levels = buildLevels(leaves, sha256Hex);
    expect(levels.map((level) => level.length)).toEqual([3, 2, 1]);
    expect(rootOf(levels)).toEqual({ hash: h(`node:${ab}:150000000:${cEmpty}:25`), sum: 150_000_025n });
    // The third leaf climbs past the empty node on its right, then the first pair on its left.
    expect(pathOf(levels, 2, sha256Hex)).toEqual([
      { side: 'right', hash: empty, sum: 0n },
      { side: 'left', hash: ab, sum: 150_000_000n },
    ]);
    expect(pathOf(levels, 1, sha256Hex)).toEqual([
      { side: 'left', hash: leafA, sum: 150_000_000n },
      { side: 'right', hash: cEmpty, sum: 25n },
    ]);
  });

  it('should answer the empty node for a currency nobody holds', () => {
    expect(rootOf(buildLevels([], sha256Hex))).toEqual({ hash: empty, sum: 0n });
  });

  it('should bring every leaf of trees of 1 to 9 leaves back to the root, through WebCrypto as through node:crypto', async () => {
    for (let n = 1; n <= 9; n += 1) {
      const many = Array.from({ length: n }, (_, i) => ({ nonce: i.toString(16).padStart(32, '0'), balance: BigInt(i * 1000) }));
      const levels = buildLevels(many, sha256Hex);
      const root = rootOf(levels);
      expect(root.sum).toBe(BigInt((1000 * n * (n - 1)) / 2));
      for (let i = 0; i < n; i += 1) {
        const reached = await recomputeRoot(many[i]!, pathOf(levels, i, sha256Hex), sha256HexAsync);
        expect(reached).toEqual({ balance: many[i]!.balance, rootHash: root.hash, total: root.sum });
      }
    }
  });

  it('should refuse a nonce that is not 32 hex characters and a negative balance', () => {
    expect(() => buildLevels([{ nonce: 'xyz', balance: 1n }], sha256Hex)).toThrow(/32 lowercase hex/);
    expect(() => buildLevels([{ nonce: A, balance: -1n }], sha256Hex)).toThrow(/non-negative/);
  });
});

describe('checking a proof', () => {
  const levels = buildLevels(leaves, sha256Hex);
  const root = rootOf(levels);
  const wire: WireLiabilityProof = {
    snapshotId: 7,
    currency: 'USDT',
    rootHash: root.hash,
    total: String(root.sum),
    leaf: { nonce: C, balance: '25' },
    path: pathOf(levels, 2, sha256Hex).map((s) => ({ side: s.side, hash: s.hash, sum: String(s.sum) })),
  };
  const check = async (value: unknown) => {
    const parsed = parseProof(value);
    if (!parsed.ok) throw new Error(parsed.error);
    return checkProof(parsed.proof, sha256Hex);
  };

  it('should prove the balance and reach the published root', async () => {
    const result = await check(wire);
    expect(result).toMatchObject({ balance: 25n, computedRoot: root.hash, computedTotal: 150_000_025n, matches: true });
  });

  it('should fail a proof whose balance, sibling sum, sibling hash or side was changed', async () => {
    expect((await check({ ...wire, leaf: { ...wire.leaf, balance: '26' } })).matches).toBe(false);
    expect((await check({ ...wire, path: [wire.path[0], { ...wire.path[1], sum: '1' }] })).matches).toBe(false);
    expect((await check({ ...wire, path: [{ ...wire.path[0], hash: leafA }, wire.path[1]] })).matches).toBe(false);
    expect((await check({ ...wire, path: [{ ...wire.path[0], side: 'left' }, wire.path[1]] })).matches).toBe(false);
    expect((await check({ ...wire, path: wire.path.slice(0, 1) })).matches).toBe(false);
    expect((await check({ ...wire, total: '150000026' })).matches).toBe(false);
  });

  it('should fail a proof that reaches its own root but not the root the casino published', async () => {
    const parsed = parseProof(wire);
    if (!parsed.ok) throw new Error(parsed.error);
    const other = await checkProof(parsed.proof, sha256Hex, { rootHash: leafA, total: root.sum });
    expect(other.matches).toBe(false);
    expect(other.computedRoot).toBe(root.hash);
  });

  it('should say what is wrong with a file that is not a proof', () => {
    expect(parseProof([])).toEqual({ ok: false, error: 'a proof is a JSON object' });
    expect(parseProof({ ...wire, total: 5 })).toEqual({ ok: false, error: 'total must be a whole number of base units, as a string' });
    expect(parseProof({ ...wire, leaf: { nonce: 'zz', balance: '1' } })).toEqual({ ok: false, error: 'leaf.nonce must be 32 lowercase hex characters' });
    expect(parseProof({ ...wire, path: [{ side: 'up', hash: empty, sum: '0' }] })).toEqual({ ok: false, error: 'path[0].side must be "left" or "right"' });
    expect(parseProof({ ...wire, rootHash: 'ABC' })).toEqual({ ok: false, error: 'rootHash must be 64 lowercase hex characters' });
  });
});

describe('a path from one block of leaves and the stored nodes above it', () => {
  it('should be the path the whole tree gives, for every leaf of trees of 1 to 70 leaves and blocks of 1 to 16 leaves', () => {
    for (let n = 1; n <= 70; n += 1) {
      const many = Array.from({ length: n }, (_, i) => ({ nonce: (i + 1).toString(16).padStart(32, '0'), balance: BigInt(i * 7) }));
      const levels = buildLevels(many, sha256Hex);
      for (const depth of [0, 1, 2, 4]) {
        const upper = new Map<string, { hash: string; sum: bigint }>();
        levels.forEach((level, l) => {
          if (l >= depth) level.forEach((node, p) => upper.set(`${l}:${p}`, node));
        });
        for (let i = 0; i < n; i += 1) {
          const size = 2 ** depth;
          const start = heightOf(n) <= depth ? 0 : Math.floor(i / size) * size;
          const block = heightOf(n) <= depth ? many : many.slice(start, start + size);
          expect(pathFromBlock(block, n, depth, i, upper, sha256Hex), `n=${n} depth=${depth} i=${i}`).toEqual(pathOf(levels, i, sha256Hex));
        }
      }
    }
  });
});

describe("docs/fairness.md's worked example", () => {
  const doc = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
  const block = /```liabilities-example\n([\s\S]*?)```/.exec(doc)![1]!;

  it('should be the tree the casino builds, hash for hash', () => {
    const leafLines = [...block.matchAll(/^leaf (\d): nonce ([0-9a-f]{32}) balance (\d+) hash ([0-9a-f]{64})$/gm)];
    expect(leafLines).toHaveLength(3);
    const example = leafLines.map((m) => ({ nonce: m[2]!, balance: BigInt(m[3]!) }));
    const levels = buildLevels(example, sha256Hex);
    leafLines.forEach((m, i) => expect(levels[0]![i]!.hash).toBe(m[4]));
    const nodes = [...block.matchAll(/^node 1\.(\d): .* hash ([0-9a-f]{64}) sum (\d+)$/gm)];
    nodes.forEach((m) => expect(levels[1]![Number(m[1])]).toEqual({ hash: m[2], sum: BigInt(m[3]!) }));
    const root = /^root: .* hash ([0-9a-f]{64}) sum (\d+)$/m.exec(block)!;
    expect(rootOf(levels)).toEqual({ hash: root[1], sum: BigInt(root[2]!) });
    expect(pathOf(levels, 2, sha256Hex)).toEqual([
      { side: 'right', hash: sha256Hex('empty'), sum: 0n },
      { side: 'left', hash: levels[1]![0]!.hash, sum: 150_000_000n },
    ]);
    expect(doc).toContain(`\`sha256hex("empty")\` = \`${sha256Hex('empty')}\``);
  });
});
