/** The seed machine's types, context and pure helpers, beside its chart (machine.ts), which re-exports them. */
import { isValidClientSeed, isValidServerSeed } from '../../src/core/fairness/seeds';
import { isVerifiableGame, verifierFor } from '../../src/core/fairness/verify';
import type { AsyncVerification, RawParams, VerifiableGame } from '../../src/core/fairness/verify';
import type { RevealedSeed as WireRevealedSeed, RotatedSeeds, SeedState as WireSeedState } from '../../src/core/contracts/casino';

/** docs/product.md §9: the copy success flag lasts 1.5 s. */
export const COPIED_FLAG_MS = 1500;
/** Rotation got no answer (docs/product.md has no wording; a refusal shows the server's message). */
export const ROTATE_NO_RESPONSE_MESSAGE = 'Could not rotate the seed, please try again.';
export const MODE_NO_RESPONSE_MESSAGE = 'Could not switch the seed mode, please try again.';
export const CLIENT_SEED_NO_RESPONSE_MESSAGE = 'Could not save the client seed, please try again.';
export const VERIFY_FAILED_MESSAGE = 'Could not compute the outcome in this browser.';
export const VERIFY_MESSAGES = {
  serverSeed: 'Server seed must be 64 hexadecimal characters',
  clientSeed: 'Client seed must be 1 to 64 characters without spaces',
  nonce: 'Nonce must be a whole number',
  seedHash: 'Server seed hash must be 64 hexadecimal characters',
} as const;

/** The active pair as the server shows it (nextHash is the committed next server seed); in instant reveal both are the next bet's hash. */
export type SeedState = WireSeedState;
export type SeedMode = NonNullable<SeedState['mode']>;

/** A pair whose server seed has been revealed; its bets used nonces 0 .. nonce − 1. */
export type RevealedSeed = WireRevealedSeed;

export type RotateSeedResponse = RotatedSeeds;

export interface VerifyForm {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** The hash shown before the bet (optional): the server seed's SHA-256 is checked against it. */
  seedHash: string;
  game: VerifiableGame;
  /** The game's parameters as typed (dice: chance, target; mines: mines; blackjack: cards). */
  params: Record<string, string>;
}

export interface VerifyRequest {
  game: VerifiableGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The hash shown before the bet, when given. */
  seedHash: string | null;
  /** Already parsed by the game's verifier. */
  params: unknown;
}

/** The outcome computed in the browser, and the SHA-256 of the server seed it used. */
export type VerifyResult = AsyncVerification<VerifiableGame> & { serverSeedHash: string };

export type SeedTab = 'seeds' | 'verify' | 'history';
export type VerifyField = 'serverSeed' | 'clientSeed' | 'nonce' | 'seedHash';

export interface SeedInput {
  /** The client seed the browser already uses; without one a random one is made first (docs/product.md §3). */
  clientSeed?: string | null;
}

export interface SeedContext {
  seed: SeedState | null;
  /** The client seed field as typed; Rotate sends it. */
  draft: string;
  history: RevealedSeed[];
  form: VerifyForm;
  verified: VerifyResult | null;
  /** The refusal of a rotation, a mode switch or a client seed change (or that it got no answer). */
  rotateMessage: string | null;
  /** The Verify form's problem, or a failed verification. */
  verifyMessage: string | null;
  /** Which value the copy flag is for ('clientSeed', 'seedHash', …). */
  copied: string | null;
}

export type SeedEvent =
  | { type: 'user.selectTab'; tab: SeedTab }
  | { type: 'user.editClientSeed'; text: string }
  | { type: 'user.randomizeClientSeed' }
  | { type: 'user.rotate' }
  | { type: 'user.chooseMode'; mode: SeedMode }
  | { type: 'user.saveClientSeed' }
  | { type: 'user.retry' }
  | { type: 'user.editVerifyField'; field: VerifyField; value: string }
  | { type: 'user.chooseGame'; game: VerifiableGame }
  | { type: 'user.editGameParam'; name: string; value: string }
  | { type: 'user.runVerify' }
  | { type: 'user.verifyBet'; serverSeed: string; clientSeed: string; nonce: number; seedHash?: string; game?: VerifiableGame; params?: Record<string, string> }
  | { type: 'user.copy'; text: string; what: string };

export type VerifyCheck = { ok: true; request: VerifyRequest } | { ok: false; message: string };

/** The Verify form's checks, with the shared seed rules and each game's own parameter parser. */
export function checkVerifyForm(form: VerifyForm): VerifyCheck {
  const serverSeed = form.serverSeed.trim();
  if (!isValidServerSeed(serverSeed)) return { ok: false, message: VERIFY_MESSAGES.serverSeed };
  if (!isValidClientSeed(form.clientSeed)) return { ok: false, message: VERIFY_MESSAGES.clientSeed };
  const nonceText = form.nonce.trim();
  if (!/^\d+$/.test(nonceText) || !Number.isSafeInteger(Number(nonceText))) return { ok: false, message: VERIFY_MESSAGES.nonce };
  const seedHash = form.seedHash.trim().toLowerCase();
  if (seedHash !== '' && !/^[0-9a-f]{64}$/.test(seedHash)) return { ok: false, message: VERIFY_MESSAGES.seedHash };
  if (!isVerifiableGame(form.game)) return { ok: false, message: `Unknown game ${String(form.game)}` };
  const raw: RawParams = Object.fromEntries(Object.entries(form.params).filter(([, v]) => v.trim() !== ''));
  const parsed = verifierFor(form.game).parseParams(raw);
  if (!parsed.ok) return { ok: false, message: parsed.error };
  return {
    ok: true,
    request: { game: form.game, serverSeed, clientSeed: form.clientSeed, nonce: Number(nonceText), seedHash: seedHash || null, params: parsed.params },
  };
}

/** Whether the verified server seed hashes to the hash shown before its bet; null when no hash was given. */
export function hashCheckOf(form: VerifyForm, result: VerifyResult): 'match' | 'mismatch' | null {
  const shown = form.seedHash.trim().toLowerCase();
  if (shown === '') return null;
  return result.serverSeedHash === shown ? 'match' : 'mismatch';
}

export const emptyForm = (): VerifyForm => ({ serverSeed: '', clientSeed: '', nonce: '', seedHash: '', game: 'dice', params: {} });
