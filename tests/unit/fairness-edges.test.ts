import { describe, expect, it } from 'vitest';
import { bytesToFloat, createFloatStream, hexToBytes } from '../../src/core/fairness/floats';
import { isValidClientSeed, isValidServerSeed, randomServerSeed } from '../../src/core/fairness/seeds';
import { floatsAsync } from '../../src/core/fairness/webcrypto';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';

const SERVER_SEED = 'a'.repeat(64);

/** What the fairness code refuses, and how it says so (found by mutation testing). */
describe('fairness inputs that are refused', () => {
  it('should refuse to read a float past the bytes it has', () => {
    expect(() => bytesToFloat(new Uint8Array(4), 1)).toThrow('need 4 bytes at offset 1, have 4');
    expect(() => bytesToFloat(new Uint8Array(8), -1)).toThrow(RangeError);
    expect(bytesToFloat(new Uint8Array([128, 0, 0, 0, 64, 0, 0, 0]), 4)).toBe(0.25);
  });

  it('should name a bad nonce or float index', () => {
    expect(() => createFloatStream(nodeHmacSha256, SERVER_SEED, 'client', -1)).toThrow('nonce must be a non-negative integer, got -1');
    const stream = createFloatStream(nodeHmacSha256, SERVER_SEED, 'client', 0);
    expect(() => stream.at(-1)).toThrow('float index must be a non-negative integer, got -1');
    expect(() => stream.at(1.5)).toThrow(RangeError);
  });

  it('should read hex only when it is whole bytes of hex digits', () => {
    expect([...hexToBytes('ff00A1')]).toEqual([255, 0, 161]);
    expect([...hexToBytes('')]).toEqual([]);
    for (const bad of ['abc', 'zz', 'xx00', '00xx']) expect(() => hexToBytes(bad)).toThrow('not a hex string');
  });

  it('should refuse a WebCrypto float count that is not a whole non-negative number', async () => {
    await expect(floatsAsync(SERVER_SEED, 'client', 0, -1)).rejects.toThrow('count must be a non-negative integer, got -1');
    await expect(floatsAsync(SERVER_SEED, 'client', 0, 1.5)).rejects.toThrow(RangeError);
    expect(await floatsAsync(SERVER_SEED, 'client', 0, 9)).toEqual(createFloatStream(nodeHmacSha256, SERVER_SEED, 'client', 0).take(9));
  });

  it('should take a server seed of exactly 64 lowercase hex characters', () => {
    expect(isValidServerSeed(SERVER_SEED)).toBe(true);
    expect(isValidServerSeed(`x${SERVER_SEED}`)).toBe(false);
    expect(isValidServerSeed(`${SERVER_SEED}x`)).toBe(false);
  });

  it('should take a client seed of 1 to 64 visible ASCII characters', () => {
    expect(isValidClientSeed('x'.repeat(64))).toBe(true);
    expect(isValidClientSeed('x'.repeat(65))).toBe(false);
    expect(isValidClientSeed('')).toBe(false);
  });

  it('should refuse a random source that gives the wrong number of bytes', () => {
    expect(() => randomServerSeed(() => new Uint8Array(16))).toThrow('expected 32 random bytes, got 16');
  });
});
