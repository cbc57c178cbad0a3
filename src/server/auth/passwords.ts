import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

/** OWASP's minimum argon2id profile: 19 MiB, 2 passes, one lane. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id; the package's enum is a const enum that isolatedModules cannot read
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Runs the same argon2 work as a real check against a hash nobody knows the password of, so an
 * unknown account answers in about the same time as a wrong password.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(`no account ${Math.random()}`);
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | null = null;

/** The shipped list of the most common passwords, compared without regard to case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split(/\r?\n/)
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common.has(password.toLowerCase());
}

export const commonPasswordCount = (): number => {
  isCommonPassword('');
  return common?.size ?? 0;
};
