import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens, e-mail confirmation and password reset tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps instead of a token: a stolen copy of the table cannot be replayed. */
export const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

export const isoAfter = (milliseconds: number, from = Date.now()): string => new Date(from + milliseconds).toISOString();
