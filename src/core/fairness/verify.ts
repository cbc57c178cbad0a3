/**
 * Verifier registry: recompute a game's outcome from its float stream, the way a player checks a
 * bet after the server seed is revealed. Each game module exports a GameVerifier; adding a game
 * (blackjack, baccarat) is one entry in VerifiableGames and one in `verifiers` below, and the
 * compiler refuses one without the other.
 */
import type { FloatAt } from './floats';
import { floatAtFromArray } from './floats';
import { floatsAsync } from './webcrypto';
import type { DiceVerification, DiceVerifyParams } from '../games/dice';
import { diceVerifier } from '../games/dice';
import type { MinesVerification, MinesVerifyParams } from '../games/mines';
import { minesVerifier } from '../games/mines';
import type { BlackjackVerification, BlackjackVerifyParams } from '../games/cardVerifiers';
import { baccaratVerifier, blackjackVerifier } from '../games/cardVerifiers';
import type { VerifiedBaccarat } from '../games/baccarat';

/** Untrusted parameters as they come from a CLI flag or a form field. */
export type RawParams = Readonly<Record<string, string | number | undefined>>;

export type ParamsResult<P> = { ok: true; params: P } | { ok: false; error: string };

export interface GameVerifier<P, O> {
  /** How many floats verify() reads at most, so callers can precompute them (WebCrypto is async). */
  floatsNeeded(params: P): number;
  parseParams(raw: RawParams): ParamsResult<P>;
  verify(floatAt: FloatAt, params: P): O;
}

export interface VerifiableGames {
  dice: { params: DiceVerifyParams; outcome: DiceVerification };
  mines: { params: MinesVerifyParams; outcome: MinesVerification };
  blackjack: { params: BlackjackVerifyParams; outcome: BlackjackVerification };
  baccarat: { params: Record<string, never>; outcome: VerifiedBaccarat };
}

export type VerifiableGame = keyof VerifiableGames;
type VerifierOf<G extends VerifiableGame> = GameVerifier<VerifiableGames[G]['params'], VerifiableGames[G]['outcome']>;

const verifiers: { readonly [G in VerifiableGame]: VerifierOf<G> } = {
  dice: diceVerifier,
  mines: minesVerifier,
  blackjack: blackjackVerifier,
  baccarat: baccaratVerifier,
};

export const VERIFIABLE_GAMES = Object.keys(verifiers) as readonly VerifiableGame[];

export function isVerifiableGame(name: string): name is VerifiableGame {
  return Object.hasOwn(verifiers, name);
}

export function verifierFor<G extends VerifiableGame>(game: G): VerifierOf<G> {
  return verifiers[game] as VerifierOf<G>;
}

export function verifyOutcome<G extends VerifiableGame>(
  game: G,
  floatAt: FloatAt,
  params: VerifiableGames[G]['params'],
): VerifiableGames[G]['outcome'] {
  return verifierFor(game).verify(floatAt, params);
}

export interface AsyncVerification<G extends VerifiableGame> {
  floats: number[];
  outcome: VerifiableGames[G]['outcome'];
}

/** Browser path: the floats come from WebCrypto, then the same sync verifier runs. */
export async function verifyOutcomeAsync<G extends VerifiableGame>(
  game: G,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  params: VerifiableGames[G]['params'],
): Promise<AsyncVerification<G>> {
  const verifier = verifierFor(game);
  const floats = await floatsAsync(seeds.serverSeed, seeds.clientSeed, seeds.nonce, verifier.floatsNeeded(params));
  return { floats, outcome: verifier.verify(floatAtFromArray(floats), params) };
}
