import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { isoNow } from '../clock';

/** One outgoing message: plain text, with the one link the reader is meant to follow. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string;
}

/** The port the account routes send through; which adapter depends on SMTP_URL. */
export interface Mailer {
  send: (mail: Mail) => Promise<void>;
}

/** Real delivery through an SMTP server (nodemailer parses the URL: smtp[s]://user:pass@host:port). */
export function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}

/** RFC 5322 date-time with a numeric zone, e.g. "Tue, 14 Jan 2025 10:00:00 +0000". */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? 'localhost';
}

/** Non-ASCII header text as an RFC 2047 encoded word; ASCII stays readable. */
function headerText(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Builds the message as a player's mail program would receive it: CRLF lines, 8-bit UTF-8 text. */
export function renderEml(mail: Mail, from: string, date = new Date()): string {
  const id = `<${randomBytes(12).toString('hex')}@${domainOf(from)}>`;
  const headers = [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${rfc5322Date(date)}`,
    `Message-ID: ${id}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = mail.text.replace(/\r?\n/g, '\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}${body.endsWith('\r\n') ? '' : '\r\n'}`;
}

/**
 * Without SMTP each mail becomes an .eml file in DATA_DIR/mail and its link goes to the log, so a
 * local player can still confirm an address or reset a password. The file is written before
 * `send` returns its promise, so it exists as soon as the route answers.
 */
export function fileMailer(dataDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const dir = path.join(dataDir, 'mail');
  let sequence = 0;
  return {
    send: async (mail) => {
      fs.mkdirSync(dir, { recursive: true });
      const stamp = isoNow().replace(/[:.]/g, '-');
      sequence += 1;
      const file = path.join(dir, `${stamp}-${String(sequence).padStart(4, '0')}-${randomBytes(3).toString('hex')}.eml`);
      fs.writeFileSync(file, renderEml(mail, from), { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, `mail written: ${mail.link}`);
    },
  };
}

export function createMailer(options: { smtpUrl?: string; mailFrom: string; dataDir: string }, log: FastifyBaseLogger): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom, log) : fileMailer(options.dataDir, options.mailFrom, log);
}
