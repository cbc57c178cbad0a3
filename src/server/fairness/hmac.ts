/**
 * node:crypto implementations of the fairness ports. They live in src/server because src/core
 * must run in the browser; the core scheme only sees the HmacSha256 type.
 */
import { createHash, createHmac } from 'node:crypto';
import type { HmacSha256 } from '../../core/fairness/floats';

export const nodeHmacSha256: HmacSha256 = (key, message) => {
  const digest = createHmac('sha256', Buffer.from(key, 'utf8')).update(message, 'utf8').digest();
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
};

/** Lowercase hex SHA-256 of the UTF-8 text (the server seed commitment). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
