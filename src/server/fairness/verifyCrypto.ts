/** The bulk verifier's hashing through node:crypto (the CLI and the server tests; the browser uses WebCrypto). */
import type { VerifyCrypto } from '../../core/fairness/bulkVerify';
import { createFloatStream } from '../../core/fairness/floats';
import { nodeHmacSha256, sha256Hex } from './hmac';

export const nodeVerifyCrypto: VerifyCrypto = {
  sha256: sha256Hex,
  floats: (serverSeed, clientSeed, nonce, count) => createFloatStream(nodeHmacSha256, serverSeed, clientSeed, nonce).take(count),
};
