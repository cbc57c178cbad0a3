import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_ADMISSION } from './hub/admission';
import type { AdmissionLimits } from './hub/admission';
import { loadWalletConfig } from './wallet/config';
import type { WalletConfig } from './wallet/config';
import { loadTokenConfig } from './token/config';
import type { SqliteSynchronous } from './db/database';
import type { TokenConfig } from './token/config';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Directory of the built SPA; absent in API-only runs (tests, `npm run dev`). */
  staticDir: string | null;
  publicUrl: string;
  logLevel: string;
  demoFunds: boolean;
  /**
   * Absolute lifetime of a sign-in session, however often its refresh token rotates: past it the
   * refresh is refused and its access tokens no longer authenticate (SESSION_MAX_AGE_DAYS, default 30).
   */
  sessionMaxAgeMs: number;
  /**
   * How long the players' proofs of a liabilities snapshot are kept (PROOF_RETENTION_DAYS, default 30):
   * the hourly snapshot drops the leaves and nodes of older ones, whose roots and totals stay listed.
   */
  proofRetentionMs: number;
  /**
   * DATABASE_URL: PostgreSQL (`postgres://user:pass@host:port/db`) for operators who outgrow one file
   * and one process; unset keeps SQLite in DATA_DIR/casino.sqlite (docs/operations.md).
   */
  databaseUrl: string | null;
  /** DATABASE_SCHEMA: the PostgreSQL schema of the casino's tables, created when missing (default public). */
  databaseSchema: string | null;
  /** SQLITE_SYNCHRONOUS: FULL (default, a commit survives a power cut) or NORMAL (faster; see db/database.ts). */
  sqliteSynchronous: SqliteSynchronous;
  /** INSPECTOR=1: the built SPA may load the designers' statechart inspector (GET /api/inspector says so). */
  inspector: boolean;
  /**
   * INSTANT_MODE=off: players may not skip the games' animations (where an operator's rules forbid it);
   * the preferences hide the setting and the games animate. Default on (docs/operations.md).
   */
  instantMode: boolean;
  /** Access-token signing secret; generated and kept in DATA_DIR when unset. */
  jwtSecret?: string;
  /** SMTP server for outgoing mail (smtp[s]://user:pass@host:port); unset writes .eml files to DATA_DIR/mail. */
  smtpUrl?: string;
  /** Sender of account mails. */
  mailFrom: string;
  /** Exchange rates, price feed, bet limits, demo bankroll and claims (src/server/wallet/config.ts). */
  wallet: WalletConfig;
  /** Mining levels, supply, rewards share, unlock fee, test hooks (src/server/token/config.ts). */
  token: TokenConfig;
  /** Fastify's trustProxy: which X-Forwarded-For hops to believe. false: the socket address is the client. */
  trustProxy: TrustProxy;
  /** Requests per client address and per account on the calls that hash a password or send mail. */
  rateLimits: RateLimits;
  /** Admission of hub negotiations (src/server/hub/admission.ts). */
  hubAdmission: AdmissionLimits;
  /** Origins the Content-Security-Policy lets the SPA connect to besides its own (CSP_CONNECT_SRC). */
  cspConnectSrc: string[];
}

export type TrustProxy = boolean | number | string[];

export interface RateLimit {
  perAddress: number;
  perAccount: number;
}

export interface RateLimits {
  windowMs: number;
  signUp: RateLimit;
  forgotPassword: RateLimit;
  resendConfirmation: RateLimit;
}

function toPort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function toBoolean(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`expected a boolean (true/false), got "${raw}"`);
}

function toCount(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY in the forms Fastify's trustProxy takes: true/false, a hop count, or a comma-separated
 * list of proxy addresses, CIDR ranges or the names loopback, linklocal, uniquelocal.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((part) => part.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (PROXY_NAMES.has(entry.toLowerCase()) || (family !== 0 && validBits && extra === undefined)) continue;
    throw new Error(`TRUST_PROXY: "${entry}" is neither an address, a CIDR range nor loopback/linklocal/uniquelocal`);
  }
  return entries.map((entry) => (PROXY_NAMES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

function loadRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const limit = (name: string, perAddress: number, perAccount: number): RateLimit => ({
    perAddress: toCount(`RATE_LIMIT_${name}_PER_ADDRESS`, env[`RATE_LIMIT_${name}_PER_ADDRESS`], perAddress),
    perAccount: toCount(`RATE_LIMIT_${name}_PER_ACCOUNT`, env[`RATE_LIMIT_${name}_PER_ACCOUNT`], perAccount),
  });
  return {
    windowMs: toCount('RATE_LIMIT_WINDOW_SECONDS', env.RATE_LIMIT_WINDOW_SECONDS, 3600) * 1000,
    signUp: limit('SIGNUP', 20, 3),
    forgotPassword: limit('FORGOT_PASSWORD', 20, 3),
    resendConfirmation: limit('RESEND_CONFIRMATION', 20, 5),
  };
}

function loadHubAdmission(env: NodeJS.ProcessEnv): AdmissionLimits {
  const d = DEFAULT_ADMISSION;
  return {
    pendingPerAddress: toCount('HUB_PENDING_PER_ADDRESS', env.HUB_PENDING_PER_ADDRESS, d.pendingPerAddress),
    pendingPerUser: toCount('HUB_PENDING_PER_USER', env.HUB_PENDING_PER_USER, d.pendingPerUser),
    pendingAnonymous: toCount('HUB_PENDING_ANONYMOUS', env.HUB_PENDING_ANONYMOUS, d.pendingAnonymous),
    pendingSignedIn: toCount('HUB_PENDING_SIGNED_IN', env.HUB_PENDING_SIGNED_IN, d.pendingSignedIn),
    ttlMs: toCount('HUB_NEGOTIATION_TTL_SECONDS', env.HUB_NEGOTIATION_TTL_SECONDS, d.ttlMs / 1000) * 1000,
  };
}

/** CSP_CONNECT_SRC: space- or comma-separated http(s)/ws(s) origins. */
function parseOrigins(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    let ok = false;
    try {
      const url = new URL(entry);
      ok = /^(https?|wss?):$/.test(url.protocol) && url.origin === entry.replace(/\/$/, '');
    } catch {
      ok = false;
    }
    if (!ok) throw new Error(`CSP_CONNECT_SRC: "${entry}" is not an origin like https://api.example.com`);
  }
  return entries.map((entry) => entry.replace(/\/$/, ''));
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toDays(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback * DAY_MS;
  const days = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(days) || days <= 0 || days > 3650) {
    throw new Error(`${name} must be a number of days above 0 and at most 3650, got "${raw}"`);
  }
  return Math.round(days * DAY_MS);
}

function toSynchronous(raw: string | undefined): SqliteSynchronous {
  if (raw === undefined || raw === '') return 'FULL';
  const value = raw.trim().toUpperCase();
  if (value === 'FULL' || value === 'NORMAL') return value;
  throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, got "${raw}"`);
}

function mailDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = toPort(env.PORT, 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const demoFunds = toBoolean(env.DEMO_FUNDS, true);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'),
    staticDir: env.STATIC_DIR === '' ? null : path.resolve(cwd, env.STATIC_DIR ?? 'dist'),
    publicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    demoFunds,
    sessionMaxAgeMs: toDays('SESSION_MAX_AGE_DAYS', env.SESSION_MAX_AGE_DAYS, 30),
    proofRetentionMs: toDays('PROOF_RETENTION_DAYS', env.PROOF_RETENTION_DAYS, 30),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    sqliteSynchronous: toSynchronous(env.SQLITE_SYNCHRONOUS),
    inspector: toBoolean(env.INSPECTOR, false),
    instantMode: toBoolean(env.INSTANT_MODE, true),
    ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}),
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    mailFrom: env.MAIL_FROM || `ACC Casino <no-reply@${mailDomain(publicUrl)}>`,
    wallet: loadWalletConfig(env, demoFunds),
    token: loadTokenConfig(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: loadRateLimits(env),
    hubAdmission: loadHubAdmission(env),
    cspConnectSrc: parseOrigins(env.CSP_CONNECT_SRC),
  };
}
