import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { TestServer } from './server';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string;
  /** Sent as X-Forwarded-For: the test client's socket is 127.0.0.1, a trusted local proxy. */
  forwardedFor?: string;
  method?: 'GET' | 'POST';
  /** A raw body to send as is (malformed JSON, wrong types). */
  raw?: string;
  /** Sent as User-Agent. */
  userAgent?: string;
}

/** One call to the API over real HTTP; JSON in and out. */
export async function call<T = Record<string, unknown>>(
  server: TestServer,
  route: string,
  payload?: unknown,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  if (options.userAgent !== undefined) headers['user-agent'] = options.userAgent;
  const method = options.method ?? (payload === undefined && options.raw === undefined ? 'GET' : 'POST');
  let requestBody: string | undefined;
  if (options.raw !== undefined) requestBody = options.raw;
  else if (payload !== undefined) requestBody = JSON.stringify(payload);
  if (requestBody !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/api${route}`, { method, headers, ...(requestBody === undefined ? {} : { body: requestBody }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

export interface SignedIn {
  user: { id: number; userName: string; dateJoined: string; email: string; emailConfirmed: boolean; tfaEnabled: boolean };
  jwt: string;
  refreshToken: string;
  sessionId: string;
}

let counter = 0;
/** A fresh, valid account description; each call differs. */
export function newAccount(prefix = 'player') {
  counter += 1;
  const tag = `${prefix}_${process.pid % 1000}_${counter}`.slice(0, 20);
  return { userName: tag, email: `${tag.toLowerCase()}@example.com`, password: `Blue-horse ${counter} staples` };
}

export async function register(server: TestServer, account = newAccount()): Promise<SignedIn & { password: string }> {
  const answer = await call<SignedIn>(server, '/auth/register', account);
  if (answer.status !== 200) throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...answer.body, password: account.password };
}

/**
 * Every row of the account tables plus the mail folder: compared before and after to prove "nothing
 * changed". Rows in the order of each table's first column (its key), on either engine.
 */
export async function snapshot(server: TestServer, tables = ['users', 'sessions', 'refresh_tokens', 'account_tokens']): Promise<string> {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await server.app.db.all(`SELECT * FROM ${table} ORDER BY 1`);
  return JSON.stringify({ rows, mail: mails(server).map((mail) => mail.file) });
}

export interface ReadMail {
  file: string;
  headers: Record<string, string>;
  body: string;
  link: string | null;
}

/** The .eml files the file mailer wrote, oldest first, parsed into headers, body and the link. */
export function mails(server: TestServer): ReadMail[] {
  const dir = path.join(server.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const split = raw.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of raw.slice(0, split).split('\r\n')) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = raw.slice(split + 4);
      return { file: name, headers, body, link: /https?:\/\/\S+/.exec(body)?.[0] ?? null };
    });
}

export function lastMailTo(server: TestServer, address: string): ReadMail {
  const mail = mails(server).filter((m) => m.headers.to === address).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

/**
 * The newest password-reset mail to the address, waited for: forgot-password writes it after it has
 * answered, so it is not there yet when the answer arrives.
 */
export async function resetMailTo(server: TestServer, address: string, timeoutMs = 5000): Promise<ReadMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mails(server).filter((m) => m.headers.to === address && /\/reset-password\?/.test(m.link ?? '')).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no reset mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The query parameters of a mailed link. */
export function linkParams(mail: ReadMail): URLSearchParams {
  if (!mail.link) throw new Error('mail has no link');
  return new URL(mail.link).searchParams;
}

/** The code an authenticator app would show for the key at the given moment (default: now). */
export function totp(key: string, atMs = Date.now()): Promise<string> {
  return generate({ secret: key, epoch: Math.floor(atMs / 1000) });
}
