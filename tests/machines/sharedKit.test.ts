import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { effectAction, effectActor } from '../../machines/shared/effects';
import { animationOver, balanceAdjusted, balanceUpdated, betPlaced, currencySwitched } from '../../machines/shared/messages';
import { outcomeMessage } from '../../machines/shared/betOutcome';
import { failureMessage, failureOf } from '../../machines/shared/requestFailure';
import { SCREEN_IDS } from '../../machines/shared/screens';
import { SYSTEM_IDS } from '../../machines/shared/system';

/**
 * The kit every chart is built from (machines/shared), where a helper's behaviour is not already
 * pinned down by the charts' own path specs: what an unprovided effect does, the events the games send
 * to the wallet and the bets feed, and the words a failed request shows.
 */
describe('machines/shared', () => {
  it('should fail loudly, naming the effect, when src/app (or a test) did not provide it', async () => {
    const actor = createActor(effectActor<string>('loadThing'));
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(((await failed) as Error).message).toBe("loadThing is an effect provided by src/app (or by a test's fake)");
    expect(() => effectAction('copyText')(undefined, undefined)).toThrow("copyText is an effect provided by src/app (or by a test's fake)");
  });

  it('should send the wallet and the bets feed the events they act on', () => {
    const bet = { id: 1 } as never;
    expect(balanceUpdated(undefined, { currency: 'BTC', balance: 1.5 })).toEqual({ type: 'game.balanceUpdated', currency: 'BTC', balance: 1.5 });
    expect(balanceAdjusted(undefined, { currency: 'BTC', delta: -0.5 })).toEqual({ type: 'game.balanceAdjusted', currency: 'BTC', delta: -0.5 });
    expect(currencySwitched(undefined, { currency: 'ETH' })).toEqual({ type: 'game.switchCurrency', currency: 'ETH' });
    expect(betPlaced(undefined, { bet })).toEqual({ type: 'game.betPlaced', bet });
    expect(animationOver(undefined, { betId: '17' })).toEqual({ type: 'game.animationOver', betId: '17' });
  });

  it('should open the staking and earn screens under the ids the app-wide actors address them by', () => {
    expect(SCREEN_IDS.staking).toBe(SYSTEM_IDS.staking);
    expect(SCREEN_IDS.earn).toBe(SYSTEM_IDS.earn);
  });

  it('should read only the fields a failed request really carries', () => {
    expect(failureOf(null)).toEqual({});
    expect(failureOf('offline')).toEqual({});
    expect(failureOf({ status: '500', error: 7, message: '', retryAfter: '60' })).toEqual({});
    expect(failureOf({ status: 429, error: 'too_many', message: 'Slow down', retryAfter: 60 })).toEqual({ status: 429, error: 'too_many', message: 'Slow down', retryAfter: 60 });
  });

  it("should show the server's words, a plain message when it could not be reached, or the wait when throttled", () => {
    expect(failureMessage(new TypeError('fetch failed'))).toBe('Could not reach the casino. Please check your connection and try again.');
    expect(failureMessage({ status: 400, message: 'Email already taken' })).toBe('Email already taken');
    expect(failureMessage({ status: 500 })).toBe('Something went wrong. Please try again.');
    expect(failureMessage({ status: 429, retryAfter: 60 })).toBe('Too many attempts. Try again in 1 minute.');
  });

  it("should show a game's refusal in the server's words, else the game's fixed message", () => {
    const fixed = { unanswered: 'No answer.', refused: 'Refused.' };
    expect(outcomeMessage({ kind: 'refused', message: 'Table closed' }, fixed)).toBe('Table closed');
    expect(outcomeMessage({ kind: 'refused', message: '' }, fixed)).toBe('Refused.');
    expect(outcomeMessage({ kind: 'refused', message: '' }, { unanswered: 'No answer.' })).toBe('No answer.');
    expect(outcomeMessage({ kind: 'unanswered' }, fixed)).toBe('No answer.');
    expect(outcomeMessage({ kind: 'answered', answer: {} }, fixed)).toBe('No answer.');
  });
});
