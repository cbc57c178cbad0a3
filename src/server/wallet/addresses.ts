/**
 * Deposit addresses and withdrawal address checks per chain.
 *
 * A deposit address is derived from a server secret, the user and the currency (HMAC-SHA256), so it
 * is stable without storing anything; the cashier also records it so a chain watcher can map an
 * incoming payment back to its player. The formats are real ones with valid checksums (bech32 P2WPKH
 * for BTC and LTC, base58check P2PKH for DOGE, a 20-byte hex account for ETH-based tokens), but no
 * private key stands behind them: a real deployment replaces `deriveDepositAddress` with addresses
 * from its wallet (xpub derivation), keeping the same interface.
 */
import { createHash, createHmac } from 'node:crypto';

export type AddressFormat = 'bitcoin' | 'litecoin' | 'dogecoin' | 'evm';

/** Currencies not listed here (added later) are taken to be ERC-20 tokens. */
const FORMATS: Record<string, AddressFormat> = {
  BTC: 'bitcoin',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  ETH: 'evm',
  USDT: 'evm',
  ACC: 'evm',
};

export const addressFormatOf = (currency: string): AddressFormat => FORMATS[currency.toUpperCase()] ?? 'evm';

// --- bech32 (BIP 173) and bech32m (BIP 350) --------------------------------------------------

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generators[i] as number;
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string): number[] => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

function convertBits(data: Uint8Array | number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    if (value < 0 || value >> from !== 0) return null;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return null;
  }
  return out;
}

function bech32Encode(hrp: string, data: number[]): string {
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ BECH32_CONST;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}

/** A valid segwit address of the given human-readable part (witness v0 bech32, v1+ bech32m). */
function isSegwitAddress(address: string, hrp: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const text = address.toLowerCase();
  if (!text.startsWith(`${hrp}1`) || text.length > 90) return false;
  const data: number[] = [];
  for (const c of text.slice(hrp.length + 1)) {
    const d = BECH32_CHARSET.indexOf(c);
    if (d < 0) return false;
    data.push(d);
  }
  if (data.length < 7) return false;
  const version = data[0] as number;
  const check = polymod([...hrpExpand(hrp), ...data]);
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST) || version > 16) return false;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

function segwitAddress(hrp: string, program: Uint8Array): string {
  return bech32Encode(hrp, [0, ...(convertBits(program, 8, 5, true) as number[])]);
}

// --- base58check ------------------------------------------------------------------------------

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

function base58checkEncode(payload: Buffer): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (n > 0n) {
    text = BASE58[Number(n % 58n)] + text;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** The version byte of a valid base58check address with a 20-byte hash, or null. */
function base58checkVersion(address: string): number | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(address)) return null;
  let n = 0n;
  for (const c of address) n = n * 58n + BigInt(BASE58.indexOf(c));
  const hex = n.toString(16).padStart(50, '0');
  if (hex.length !== 50) return null;
  const bytes = Buffer.from(hex, 'hex');
  const leadingOnes = /^1*/.exec(address)?.[0].length ?? 0;
  const leadingZeros = bytes.findIndex((byte) => byte !== 0);
  if (leadingOnes !== (leadingZeros < 0 ? bytes.length : leadingZeros)) return null;
  const payload = bytes.subarray(0, 21);
  if (!sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(21))) return null;
  return bytes[0] as number;
}

// --- per chain ----------------------------------------------------------------------------------

/** Stable address of `userId` for `currency`: same secret, user and currency, same address. */
export function deriveDepositAddress(secret: string | Buffer, userId: number, currency: string): string {
  const symbol = currency.toUpperCase();
  const digest = createHmac('sha256', secret).update(`deposit-address:v1:${userId}:${symbol}`).digest();
  const hash20 = digest.subarray(0, 20);
  switch (addressFormatOf(symbol)) {
    case 'bitcoin':
      return segwitAddress('bc', hash20);
    case 'litecoin':
      return segwitAddress('ltc', hash20);
    case 'dogecoin':
      return base58checkEncode(Buffer.concat([Buffer.from([0x1e]), hash20]));
    case 'evm':
      return `0x${hash20.toString('hex')}`;
  }
}

/** Whether `address` is a well-formed address (checksum included where the chain has one) for `currency`. */
export function isValidAddress(currency: string, address: string): boolean {
  switch (addressFormatOf(currency)) {
    case 'bitcoin': {
      if (/^bc1/i.test(address)) return isSegwitAddress(address, 'bc');
      const version = base58checkVersion(address);
      return version === 0x00 || version === 0x05;
    }
    case 'litecoin': {
      if (/^ltc1/i.test(address)) return isSegwitAddress(address, 'ltc');
      const version = base58checkVersion(address);
      return version === 0x30 || version === 0x32 || version === 0x05;
    }
    case 'dogecoin': {
      const version = base58checkVersion(address);
      return version === 0x1e || version === 0x16;
    }
    case 'evm':
      return /^0x[0-9a-fA-F]{40}$/.test(address);
  }
}

export const ADDRESS_EXAMPLES: Record<AddressFormat, string> = {
  bitcoin: 'bc1q…',
  litecoin: 'ltc1q… or L…',
  dogecoin: 'D…',
  evm: '0x followed by 40 hexadecimal digits',
};
