/**
 * Seeds -> bytes -> floats, the scheme every game outcome is derived from.
 *
 * bytes(round) = HMAC-SHA256(key = serverSeed hex text, message = `${clientSeed}:${nonce}:${round}`)
 * Each float consumes 4 bytes, read big-endian as base-256 digits after the point, so one
 * HMAC round yields 8 floats and float i lives in round floor(i / 8).
 *
 * The HMAC itself is a port: the server plugs in node:crypto (sync), the browser verifies
 * through WebCrypto (see ./webcrypto), and both must produce identical floats.
 */

/** Synchronous HMAC-SHA256 over UTF-8 strings; returns the 32-byte digest. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

/** Float number i (0-based) of one bet's stream, in [0, 1). Game engines consume only this. */
export type FloatAt = (i: number) => number;

export interface FloatStream {
  at: FloatAt;
  /** The first n floats of the stream. */
  take(n: number): number[];
}

export const BYTES_PER_FLOAT = 4;
export const HMAC_BYTES = 32;
export const FLOATS_PER_ROUND = HMAC_BYTES / BYTES_PER_FLOAT;

export function hmacMessage(clientSeed: string, nonce: number, round: number): string {
  return `${clientSeed}:${nonce}:${round}`;
}

/** The float encoded by bytes[offset..offset+3]: b0/256 + b1/256^2 + b2/256^3 + b3/256^4. */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  if (offset < 0 || offset + BYTES_PER_FLOAT > bytes.length) {
    throw new RangeError(`need ${BYTES_PER_FLOAT} bytes at offset ${offset}, have ${bytes.length}`);
  }
  let result = 0;
  let divisor = 1;
  for (let k = 0; k < BYTES_PER_FLOAT; k++) {
    divisor *= 256;
    // Every partial sum is a multiple of 2^-32 below 1, so this is exact in a double.
    result += (bytes[offset + k] ?? 0) / divisor;
  }
  return result;
}

/** All floats of one HMAC digest (8 for a 32-byte digest). */
export function digestToFloats(digest: Uint8Array): number[] {
  const floats: number[] = [];
  for (let offset = 0; offset + BYTES_PER_FLOAT <= digest.length; offset += BYTES_PER_FLOAT) {
    floats.push(bytesToFloat(digest, offset));
  }
  return floats;
}

function assertFloatIndex(i: number): void {
  if (!Number.isSafeInteger(i) || i < 0) throw new RangeError(`float index must be a non-negative integer, got ${i}`);
}

export function assertValidNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`nonce must be a non-negative integer, got ${nonce}`);
}

export function createFloatStream(
  hmac: HmacSha256,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): FloatStream {
  assertValidNonce(nonce);
  // Rounds are cached because game engines read floats one at a time (mines reads 24 = 3 rounds).
  const rounds = new Map<number, number[]>();
  const at: FloatAt = (i) => {
    assertFloatIndex(i);
    const round = Math.floor(i / FLOATS_PER_ROUND);
    let floats = rounds.get(round);
    if (!floats) {
      const digest = hmac(serverSeed, hmacMessage(clientSeed, nonce, round));
      if (digest.length !== HMAC_BYTES) throw new Error(`HMAC-SHA256 must return ${HMAC_BYTES} bytes, got ${digest.length}`);
      floats = digestToFloats(digest);
      rounds.set(round, floats);
    }
    return floats[i % FLOATS_PER_ROUND] as number;
  };
  return {
    at,
    take: (n) => Array.from({ length: n }, (_, i) => at(i)),
  };
}

/**
 * A FloatAt over precomputed floats (e.g. from floatsAsync in the browser). Reading past the end
 * throws instead of inventing a value, so a verifier that under-declares its needs fails loudly.
 */
export function floatAtFromArray(floats: readonly number[]): FloatAt {
  return (i) => {
    assertFloatIndex(i);
    const value = floats[i];
    if (value === undefined) throw new RangeError(`float ${i} was not computed (only ${floats.length} available)`);
    return value;
  };
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new RangeError('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let k = 0; k < bytes.length; k++) bytes[k] = Number.parseInt(hex.slice(2 * k, 2 * k + 2), 16);
  return bytes;
}
