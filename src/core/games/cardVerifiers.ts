import type { GameVerifier, ParamsResult, RawParams } from '../fairness/verify';
import { verifyBaccarat } from './baccarat';
import type { VerifiedBaccarat } from './baccarat';
import { verifyBlackjack } from './blackjack';

export interface BlackjackVerifyParams {
  /** How many cards of the stream to show, in the order they are dealt. */
  cards: number;
}
export type BlackjackVerification = { cards: ReturnType<typeof verifyBlackjack> };

const MAX_BLACKJACK_CARDS = 52;
/** A round rarely uses more; the verifier shows this many unless asked. */
const DEFAULT_BLACKJACK_CARDS = 12;
/** Player, banker, player, banker and at most one third card each. */
const BACCARAT_FLOATS = 6;

function parseBlackjackParams(raw: RawParams): ParamsResult<BlackjackVerifyParams> {
  const text = raw.cards;
  if (text === undefined || text === '') return { ok: true, params: { cards: DEFAULT_BLACKJACK_CARDS } };
  const cards = typeof text === 'number' ? text : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isInteger(cards) || cards < 1 || cards > MAX_BLACKJACK_CARDS) {
    return { ok: false, error: `cards must be an integer 1..${MAX_BLACKJACK_CARDS}` };
  }
  return { ok: true, params: { cards } };
}

export const blackjackVerifier: GameVerifier<BlackjackVerifyParams, BlackjackVerification> = {
  floatsNeeded: ({ cards }) => cards,
  parseParams: parseBlackjackParams,
  verify: (floatAt, { cards }) => ({ cards: verifyBlackjack(floatAt, cards) }),
};

export const baccaratVerifier: GameVerifier<Record<string, never>, VerifiedBaccarat> = {
  floatsNeeded: () => BACCARAT_FLOATS,
  parseParams: () => ({ ok: true, params: {} }),
  verify: (floatAt) => verifyBaccarat(floatAt),
};
