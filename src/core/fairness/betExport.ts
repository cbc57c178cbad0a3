/**
 * The bet export's two formats (GET /casino/export-bets): each line one bet in the shape get-bet
 * answers. The server writes them with these functions and the verifier (CLI and /fairness page)
 * reads them back with parseBetExport, so what one writes the other reads. Pure.
 */
import { plainDecimal } from '../money';

/** One exported bet: exactly what GET /casino/get-bet answers as `bet`. */
export interface ExportedBet {
  id: number;
  gameName: string;
  playerName: string;
  /** Coins. */
  wager: number;
  currency: string;
  /** payout ÷ wager, floored to 4 decimals. */
  multiplier: number;
  /** Coins paid back (stake included). */
  payout: number;
  /** The game as played (see get-bet); null when the record lacks what drawing it needs. */
  outcome: unknown;
  seedHash: string | null;
  clientSeed: string | null;
  nonce: number | null;
  /** Present once the seed pair is revealed; null while it still plays. */
  serverSeed: string | null;
  createdAt: string;
}

export type BetExportFormat = 'jsonl' | 'csv';
export const BET_EXPORT_FORMATS: readonly BetExportFormat[] = ['jsonl', 'csv'];

export function isBetExportFormat(value: unknown): value is BetExportFormat {
  return value === 'jsonl' || value === 'csv';
}

export const BET_EXPORT_TYPES: Record<BetExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The CSV's columns, in order; `outcome` holds the outcome's JSON text. */
export const BET_CSV_COLUMNS = [
  'id',
  'gameName',
  'playerName',
  'wager',
  'currency',
  'multiplier',
  'payout',
  'createdAt',
  'seedHash',
  'clientSeed',
  'nonce',
  'serverSeed',
  'outcome',
] as const;
export const BET_CSV_HEADER = BET_CSV_COLUMNS.join(',');

/** The file a download is saved as: `bets-2026-11-27.jsonl`. */
export function betExportFileName(format: BetExportFormat, date: Date): string {
  return `bets-${date.toISOString().slice(0, 10)}.${format}`;
}

export function betJsonLine(bet: ExportedBet): string {
  return JSON.stringify(bet);
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function betCsvLine(bet: ExportedBet): string {
  const cells: Record<(typeof BET_CSV_COLUMNS)[number], string> = {
    id: String(bet.id),
    gameName: bet.gameName,
    playerName: bet.playerName,
    wager: plainDecimal(bet.wager),
    currency: bet.currency,
    multiplier: String(bet.multiplier),
    payout: plainDecimal(bet.payout),
    createdAt: bet.createdAt,
    seedHash: bet.seedHash ?? '',
    clientSeed: bet.clientSeed ?? '',
    nonce: bet.nonce === null ? '' : String(bet.nonce),
    serverSeed: bet.serverSeed ?? '',
    outcome: JSON.stringify(bet.outcome),
  };
  return BET_CSV_COLUMNS.map((column) => csvField(cells[column])).join(',');
}

// ---------------------------------------------------------------------------------------------
// Reading a file back

/** A bet read from a file, with the line it came from (1-based, header included). */
export interface ReadBet {
  line: number;
  bet: ExportedBet;
}

export type BetExportParse = { ok: true; format: BetExportFormat; bets: ReadBet[] } | { ok: false; error: string };

class LineError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const HEX64 = /^[0-9a-f]{64}$/;

/** Amounts arrive as JSON numbers (jsonl) or decimal text (csv); both become numbers here. */
function amount(value: unknown, field: string): number {
  const number = typeof value === 'string' && /^\d{1,16}(\.\d{1,8})?$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) throw new LineError(`${field} must be a non-negative number`);
  return number;
}

function textOrNull(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new LineError(`${field} must be text`);
  return value;
}

/** Checks one bet's fields (an export line as written, or one edited by hand) and types them. */
export function readExportedBet(value: unknown): ExportedBet {
  if (!isRecord(value)) throw new LineError('not a bet object');
  const id = typeof value.id === 'string' && /^\d{1,15}$/.test(value.id) ? Number(value.id) : value.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new LineError('id must be a positive integer');
  if (typeof value.gameName !== 'string' || value.gameName === '') throw new LineError('gameName is missing');
  const nonce = typeof value.nonce === 'string' && /^\d{1,15}$/.test(value.nonce) ? Number(value.nonce) : value.nonce === '' ? null : (value.nonce ?? null);
  if (nonce !== null && !(typeof nonce === 'number' && Number.isSafeInteger(nonce) && nonce >= 0)) throw new LineError('nonce must be a non-negative integer');
  const seedHash = textOrNull(value.seedHash, 'seedHash');
  const serverSeed = textOrNull(value.serverSeed, 'serverSeed');
  if (seedHash !== null && !HEX64.test(seedHash)) throw new LineError('seedHash must be 64 lowercase hex characters');
  if (serverSeed !== null && !HEX64.test(serverSeed)) throw new LineError('serverSeed must be 64 lowercase hex characters');
  return {
    id,
    gameName: value.gameName,
    playerName: typeof value.playerName === 'string' ? value.playerName : '',
    wager: amount(value.wager, 'wager'),
    currency: typeof value.currency === 'string' ? value.currency : '',
    multiplier: amount(value.multiplier, 'multiplier'),
    payout: amount(value.payout, 'payout'),
    outcome: value.outcome ?? null,
    seedHash,
    clientSeed: textOrNull(value.clientSeed, 'clientSeed'),
    nonce,
    serverSeed,
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
  };
}

/** The cells of one CSV line (RFC 4180 quoting; an export's line never spans lines). */
function csvCells(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw new LineError('a quoted field is not closed');
  cells.push(cell);
  return cells;
}

function csvBet(text: string): ExportedBet {
  const cells = csvCells(text);
  if (cells.length !== BET_CSV_COLUMNS.length) throw new LineError(`${cells.length} columns, expected ${BET_CSV_COLUMNS.length}`);
  const record: Record<string, unknown> = Object.fromEntries(BET_CSV_COLUMNS.map((column, k) => [column, cells[k]]));
  try {
    record.outcome = JSON.parse(cells[BET_CSV_COLUMNS.length - 1]!) as unknown;
  } catch {
    throw new LineError('outcome is not JSON');
  }
  return readExportedBet(record);
}

function jsonBet(text: string): ExportedBet {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LineError('not JSON');
  }
  return readExportedBet(value);
}

/**
 * Reads an export a line at a time (the CLI streams a file through it, so a million bets never sit
 * in memory as one text): the first non-empty line tells the format (`{` is JSON lines, the CSV's
 * header starts `id,`). `line` throws a message naming the line for anything that is not a bet.
 */
export class BetExportReader {
  format: BetExportFormat | null = null;
  private lineNumber = 0;

  /** The bet on the next line of the file, or null for a blank line or the CSV header. */
  line(raw: string): ReadBet | null {
    this.lineNumber += 1;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (this.lineNumber === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    if (text.trim() === '') return null;
    try {
      if (this.format === null) {
        if (text.trimStart().startsWith('{')) this.format = 'jsonl';
        else if (text === BET_CSV_HEADER) {
          this.format = 'csv';
          return null;
        } else if (text.startsWith('id,')) throw new LineError(`the header must be ${BET_CSV_HEADER}`);
        else throw new LineError('this is not a bet export: expected JSON lines or the CSV of the bets download');
      }
      return { line: this.lineNumber, bet: this.format === 'jsonl' ? jsonBet(text) : csvBet(text) };
    } catch (error) {
      if (error instanceof LineError) throw new BetExportError(`line ${this.lineNumber}: ${error.message}`);
      throw error;
    }
  }
}

/** A file that is not a bet export; the message names the line. */
export class BetExportError extends Error {}

/** A bet export's whole text as bets, either format. An empty file is zero bets. */
export function parseBetExport(text: string): BetExportParse {
  const reader = new BetExportReader();
  const bets: ReadBet[] = [];
  try {
    for (const line of text.split('\n')) {
      const read = reader.line(line);
      if (read) bets.push(read);
    }
  } catch (error) {
    if (error instanceof BetExportError) return { ok: false, error: error.message };
    throw error;
  }
  return { ok: true, format: reader.format ?? 'jsonl', bets };
}

/**
 * The lines of a text that arrives in pieces (a file read as a stream): split on '\n' as
 * `text.split('\n')` would split the whole text, the last line included even when empty; a '\r'
 * before the '\n' stays for BetExportReader. Only the line being completed is held.
 */
export async function* linesOf(pieces: AsyncIterable<string>): AsyncGenerator<string, void, undefined> {
  let rest = '';
  for await (const piece of pieces) {
    const parts = (rest + piece).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  yield rest;
}
