/**
 * The same scheme as ./floats through WebCrypto, which is async. Browsers have no sync HMAC, so
 * the seed dialog verifies with these; Node 20 has globalThis.crypto.subtle too, which is how the
 * tests prove this path and the server's node:crypto path agree float for float.
 */
import { FLOATS_PER_ROUND, assertValidNonce, bytesToHex, digestToFloats, hmacMessage } from './floats';

const utf8 = new TextEncoder();

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('WebCrypto (crypto.subtle) is not available; it needs a secure context (https or localhost)');
  return api;
}

async function importHmacKey(key: string): Promise<CryptoKey> {
  return subtle().importKey('raw', utf8.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

export async function hmacSha256Async(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await importHmacKey(key);
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, utf8.encode(message)));
}

/** The first `count` floats of the stream for (serverSeed, clientSeed, nonce). */
export async function floatsAsync(serverSeed: string, clientSeed: string, nonce: number, count: number): Promise<number[]> {
  assertValidNonce(nonce);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const cryptoKey = await importHmacKey(serverSeed);
  const rounds = Math.ceil(count / FLOATS_PER_ROUND);
  const digests = await Promise.all(
    Array.from({ length: rounds }, (_, round) =>
      subtle().sign('HMAC', cryptoKey, utf8.encode(hmacMessage(clientSeed, nonce, round))),
    ),
  );
  return digests.flatMap((digest) => digestToFloats(new Uint8Array(digest))).slice(0, count);
}

/** Lowercase hex SHA-256 of the UTF-8 text: the commitment shown before a server seed is revealed. */
export async function sha256HexAsync(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle().digest('SHA-256', utf8.encode(text))));
}
