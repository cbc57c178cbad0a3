/**
 * Pure seed rules. Randomness is injected (node:crypto randomBytes on the server,
 * crypto.getRandomValues in the browser) so these stay testable and platform-free.
 */
import { bytesToHex } from './floats';

export type RandomBytes = (n: number) => Uint8Array;

/** docs/product.md §3 and §9: a generated client seed is 20 alphanumeric characters. */
export const CLIENT_SEED_LENGTH = 20;
/** Longest client seed a player may choose; long enough for a sentence, short enough for the UI and logs. */
export const CLIENT_SEED_MAX_LENGTH = 64;
export const SERVER_SEED_BYTES = 32;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 248 = 4 × 62: bytes at or above it are rejected so every character is exactly equally likely.
const UNBIASED_BYTE_LIMIT = 256 - (256 % ALPHANUMERIC.length);

/**
 * A player-chosen client seed: 1 to 64 characters of printable ASCII without spaces (0x21..0x7E).
 * Why so strict: spaces and non-ASCII characters look alike on screen (trailing space, NBSP,
 * composed vs decomposed accents) but hash differently, which would make a player's own
 * verification fail for reasons they cannot see. A ':' is harmless because nonce and round,
 * the fields after the client seed in the HMAC message, are plain integers.
 */
export function isValidClientSeed(seed: string): boolean {
  return seed.length >= 1 && seed.length <= CLIENT_SEED_MAX_LENGTH && /^[\x21-\x7e]+$/.test(seed);
}

/** A server seed is 32 random bytes written as 64 lowercase hex characters; the text is the HMAC key. */
export function isValidServerSeed(seed: string): boolean {
  return /^[0-9a-f]{64}$/.test(seed);
}

export function randomClientSeed(randomBytes: RandomBytes, length: number = CLIENT_SEED_LENGTH): string {
  let seed = '';
  while (seed.length < length) {
    // Ask for a little more than needed: about 3% of bytes are rejected.
    for (const byte of randomBytes(length - seed.length + 4)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      seed += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (seed.length === length) break;
    }
  }
  return seed;
}

export function randomServerSeed(randomBytes: RandomBytes): string {
  const bytes = randomBytes(SERVER_SEED_BYTES);
  if (bytes.length !== SERVER_SEED_BYTES) throw new Error(`expected ${SERVER_SEED_BYTES} random bytes, got ${bytes.length}`);
  return bytesToHex(bytes);
}
