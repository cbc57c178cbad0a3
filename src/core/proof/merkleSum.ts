/**
 * Proof of liabilities (issue 23, docs/fairness.md "Proof of liabilities"): a Merkle sum tree over
 * every player's balance in one currency. Pure; the hash is injected (node:crypto on the server and
 * in the CLI, WebCrypto in the browser), so the three compute the same tree from the same strings.
 *
 * - Leaf:   hash sha256hex("leaf:" + nonce + ":" + balance), sum = balance (base units, decimal).
 * - Parent: hash sha256hex("node:" + l.hash + ":" + l.sum + ":" + r.hash + ":" + r.sum), sum = l.sum + r.sum.
 * - A level with an odd count (of more than one node) pairs its last node with the empty node,
 *   hash sha256hex("empty"), sum 0. Levels are combined until one node is left: the root. A tree of
 *   one leaf has that leaf as its root (an empty path); a tree of no leaves has the empty node.
 */

/** Lowercase hex SHA-256 of the UTF-8 text, synchronous (node:crypto). */
export type Sha256HexSync = (text: string) => string;
/** Lowercase hex SHA-256 of the UTF-8 text, sync or async (WebCrypto). */
export type Sha256Hex = (text: string) => string | Promise<string>;

export interface SumNode {
  hash: string;
  sum: bigint;
}

export interface LeafInput {
  /** 32 lowercase hex characters, fresh per player per snapshot. */
  nonce: string;
  /** Base units, >= 0. */
  balance: bigint;
}

export type Side = 'left' | 'right';

/** One step up from the leaf: the sibling, and on which side of the pair it stands. */
export interface PathStep {
  side: Side;
  hash: string;
  sum: bigint;
}

export const NONCE_PATTERN = /^[0-9a-f]{32}$/;
const HASH_PATTERN = /^[0-9a-f]{64}$/;
const BASE_UNITS_PATTERN = /^(0|[1-9][0-9]*)$/;

export const leafText = (nonce: string, balance: bigint): string => `leaf:${nonce}:${balance}`;
export const nodeText = (left: SumNode, right: SumNode): string => `node:${left.hash}:${left.sum}:${right.hash}:${right.sum}`;
export const EMPTY_TEXT = 'empty';

function assertLeaf(leaf: LeafInput): void {
  if (!NONCE_PATTERN.test(leaf.nonce)) throw new TypeError(`a leaf nonce is 32 lowercase hex characters, got "${leaf.nonce}"`);
  if (typeof leaf.balance !== 'bigint' || leaf.balance < 0n) throw new RangeError(`a leaf balance is a non-negative bigint, got ${String(leaf.balance)}`);
}

function leafNodes(leaves: readonly LeafInput[], sha256: Sha256HexSync): SumNode[] {
  return leaves.map((leaf) => {
    assertLeaf(leaf);
    return { hash: sha256(leafText(leaf.nonce, leaf.balance)), sum: leaf.balance };
  });
}

/** The level above: each pair's parent, the last node of an odd level paired with the empty node. */
function parentLevel(level: readonly SumNode[], empty: SumNode, sha256: Sha256HexSync): SumNode[] {
  const next: SumNode[] = [];
  for (let i = 0; i < level.length; i += 2) {
    const left = level[i]!;
    const right = level[i + 1] ?? empty;
    next.push({ hash: sha256(nodeText(left, right)), sum: left.sum + right.sum });
  }
  return next;
}

/**
 * Every level of the tree, leaves first and the root's level (one node) last. Level i+1 has
 * ceil(len(level i) / 2) nodes; the empty node pads an odd level but is not stored in it.
 */
export function buildLevels(leaves: readonly LeafInput[], sha256: Sha256HexSync): SumNode[][] {
  const empty: SumNode = { hash: sha256(EMPTY_TEXT), sum: 0n };
  if (leaves.length === 0) return [[empty]];
  const levels: SumNode[][] = [leafNodes(leaves, sha256)];
  while (levels[levels.length - 1]!.length > 1) levels.push(parentLevel(levels[levels.length - 1]!, empty, sha256));
  return levels;
}

export const rootOf = (levels: readonly SumNode[][]): SumNode => levels[levels.length - 1]![0]!;

/** The siblings from the leaf at `index` up to the root. */
export function pathOf(levels: readonly SumNode[][], index: number, sha256: Sha256HexSync): PathStep[] {
  if (!Number.isSafeInteger(index) || index < 0 || index >= levels[0]!.length) throw new RangeError(`no leaf at index ${index}`);
  const empty: SumNode = { hash: sha256(EMPTY_TEXT), sum: 0n };
  const path: PathStep[] = [];
  let i = index;
  for (let depth = 0; depth < levels.length - 1; depth += 1) {
    const level = levels[depth]!;
    const isLeft = i % 2 === 0;
    const sibling = isLeft ? (level[i + 1] ?? empty) : level[i - 1]!;
    path.push({ side: isLeft ? 'right' : 'left', hash: sibling.hash, sum: sibling.sum });
    i = Math.floor(i / 2);
  }
  return path;
}

/*
 * Paths without the whole tree. A snapshot keeps the leaves and the nodes from level BLOCK_DEPTH up;
 * a path is the sibling path inside the leaf's block of 2^BLOCK_DEPTH leaves (rebuilt from those
 * leaves) followed by the stored siblings above it. In the whole tree a lone last node is padded with
 * the empty node at every level of a block (its level's count is odd, since the full blocks before it
 * hold an even number of nodes), so a block is rebuilt with that padding all the way up.
 */

/** Nodes per level of a tree of `leafCount` leaves: ceil(leafCount / 2^level). */
export const levelCount = (leafCount: number, level: number): number => Math.ceil(leafCount / 2 ** level);

/** The tree's height: the level of the root (0 for one leaf). */
export function heightOf(leafCount: number): number {
  let level = 0;
  while (levelCount(leafCount, level) > 1) level += 1;
  return level;
}

/** Levels 0..depth of one block of leaves, padding every odd level (a lone node too) with the empty node. */
export function blockLevels(leaves: readonly LeafInput[], depth: number, sha256: Sha256HexSync): SumNode[][] {
  const empty: SumNode = { hash: sha256(EMPTY_TEXT), sum: 0n };
  const levels = [leafNodes(leaves, sha256)];
  for (let d = 0; d < depth; d += 1) levels.push(parentLevel(levels[d]!, empty, sha256));
  return levels;
}

/** Where the stored siblings above a leaf's block stand: (level, position) from `depth` up to below the root. */
export function upperSiblings(leafCount: number, depth: number, index: number): Array<{ level: number; position: number }> {
  const height = heightOf(leafCount);
  const out: Array<{ level: number; position: number }> = [];
  for (let level = depth; level < height; level += 1) out.push({ level, position: (index >> level) ^ 1 });
  return out;
}

/**
 * The path of the leaf at `index` from its block's leaves and the stored nodes above (`upper`, by
 * "level:position"); the same path pathOf finds in the whole tree. For a tree no higher than `depth`,
 * `block` is every leaf.
 */
export function pathFromBlock(
  block: readonly LeafInput[],
  leafCount: number,
  depth: number,
  index: number,
  upper: ReadonlyMap<string, SumNode>,
  sha256: Sha256HexSync,
): PathStep[] {
  const height = heightOf(leafCount);
  if (height <= depth) return pathOf(buildLevels(block, sha256), index, sha256);
  const empty: SumNode = { hash: sha256(EMPTY_TEXT), sum: 0n };
  const levels = blockLevels(block, depth, sha256);
  const path: PathStep[] = [];
  let i = index % 2 ** depth;
  for (let d = 0; d < depth; d += 1) {
    const isLeft = i % 2 === 0;
    const sibling = isLeft ? (levels[d]![i + 1] ?? empty) : levels[d]![i - 1]!;
    path.push({ side: isLeft ? 'right' : 'left', hash: sibling.hash, sum: sibling.sum });
    i = Math.floor(i / 2);
  }
  for (const { level, position } of upperSiblings(leafCount, depth, index)) {
    const sibling = position < levelCount(leafCount, level) ? upper.get(`${level}:${position}`) : empty;
    if (!sibling) throw new Error(`the stored node ${level}:${position} is missing`);
    path.push({ side: position % 2 === 0 ? 'left' : 'right', hash: sibling.hash, sum: sibling.sum });
  }
  return path;
}

/** What a path recomputes to: the leaf's balance and the root it reaches. */
export interface RecomputedRoot {
  balance: bigint;
  rootHash: string;
  total: bigint;
}

/** Climbs from the leaf through the path, as a player's verifier does. */
export async function recomputeRoot(leaf: LeafInput, path: readonly PathStep[], sha256: Sha256Hex): Promise<RecomputedRoot> {
  assertLeaf(leaf);
  let node: SumNode = { hash: await sha256(leafText(leaf.nonce, leaf.balance)), sum: leaf.balance };
  for (const step of path) {
    const sibling: SumNode = { hash: step.hash, sum: step.sum };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256(nodeText(left, right)), sum: left.sum + right.sum };
  }
  return { balance: leaf.balance, rootHash: node.hash, total: node.sum };
}

/** A proof as the API answers it and as a player saves it (proof.json): sums are base-unit strings. */
export interface WireLiabilityProof {
  snapshotId: number;
  currency: string;
  rootHash: string;
  total: string;
  leaf: { nonce: string; balance: string };
  path: Array<{ side: Side; hash: string; sum: string }>;
}

export interface LiabilityProof {
  snapshotId: number;
  currency: string;
  rootHash: string;
  total: bigint;
  leaf: LeafInput;
  path: PathStep[];
}

export type ParsedProof = { ok: true; proof: LiabilityProof } | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a proof from parsed JSON, saying in words what is wrong with it. */
export function parseProof(value: unknown): ParsedProof {
  const fail = (error: string): ParsedProof => ({ ok: false, error });
  if (!isRecord(value)) return fail('a proof is a JSON object');
  const { snapshotId, currency, rootHash, total, leaf, path } = value;
  if (typeof snapshotId !== 'number' || !Number.isSafeInteger(snapshotId) || snapshotId < 1) return fail('snapshotId must be a positive integer');
  if (typeof currency !== 'string' || currency === '') return fail('currency must be a currency symbol');
  if (typeof rootHash !== 'string' || !HASH_PATTERN.test(rootHash)) return fail('rootHash must be 64 lowercase hex characters');
  if (typeof total !== 'string' || !BASE_UNITS_PATTERN.test(total)) return fail('total must be a whole number of base units, as a string');
  if (!isRecord(leaf)) return fail('leaf must be an object with nonce and balance');
  if (typeof leaf.nonce !== 'string' || !NONCE_PATTERN.test(leaf.nonce)) return fail('leaf.nonce must be 32 lowercase hex characters');
  if (typeof leaf.balance !== 'string' || !BASE_UNITS_PATTERN.test(leaf.balance)) return fail('leaf.balance must be a whole number of base units, as a string');
  if (!Array.isArray(path)) return fail('path must be a list of steps');
  const steps: PathStep[] = [];
  for (const [i, step] of path.entries()) {
    if (!isRecord(step)) return fail(`path[${i}] must be an object with side, hash and sum`);
    if (step.side !== 'left' && step.side !== 'right') return fail(`path[${i}].side must be "left" or "right"`);
    if (typeof step.hash !== 'string' || !HASH_PATTERN.test(step.hash)) return fail(`path[${i}].hash must be 64 lowercase hex characters`);
    if (typeof step.sum !== 'string' || !BASE_UNITS_PATTERN.test(step.sum)) return fail(`path[${i}].sum must be a whole number of base units, as a string`);
    steps.push({ side: step.side, hash: step.hash, sum: BigInt(step.sum) });
  }
  return {
    ok: true,
    proof: { snapshotId, currency, rootHash, total: BigInt(total), leaf: { nonce: leaf.nonce, balance: BigInt(leaf.balance) }, path: steps },
  };
}

/** What checking a proof found: the balance it proves, the root it reaches, and whether that is the root published. */
export interface ProofCheck {
  currency: string;
  snapshotId: number;
  balance: bigint;
  computedRoot: string;
  computedTotal: bigint;
  expectedRoot: string;
  expectedTotal: bigint;
  matches: boolean;
}

/**
 * Recomputes a proof. `published` is the root and total the casino published for the snapshot (the
 * liabilities page); without it the proof's own root and total are the ones to reach.
 */
export async function checkProof(proof: LiabilityProof, sha256: Sha256Hex, published?: { rootHash: string; total: bigint }): Promise<ProofCheck> {
  const computed = await recomputeRoot(proof.leaf, proof.path, sha256);
  const expectedRoot = published?.rootHash ?? proof.rootHash;
  const expectedTotal = published?.total ?? proof.total;
  return {
    currency: proof.currency,
    snapshotId: proof.snapshotId,
    balance: computed.balance,
    computedRoot: computed.rootHash,
    computedTotal: computed.total,
    expectedRoot,
    expectedTotal,
    matches: computed.rootHash === expectedRoot && computed.total === expectedTotal && proof.rootHash === expectedRoot && proof.total === expectedTotal,
  };
}
