import path from 'node:path';
import { loadWalletConfig } from './wallet/config';
import type { WalletConfig } from './wallet/config';
import { loadTokenConfig } from './token/config';
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
  /** INSPECTOR=1: the built SPA may load the designers' statechart inspector (GET /api/inspector says so). */
  inspector: boolean;
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
    inspector: toBoolean(env.INSPECTOR, false),
    ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}),
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    mailFrom: env.MAIL_FROM || `ACC Casino <no-reply@${mailDomain(publicUrl)}>`,
    wallet: loadWalletConfig(env, demoFunds),
    token: loadTokenConfig(env),
  };
}
