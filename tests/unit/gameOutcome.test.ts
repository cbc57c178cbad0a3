import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../src/app/actors/games/outcome';
import { ApiError } from '../../src/app/api/client';
import { outcomeMessage } from '../../machines/shared/betOutcome';

/** The one adapter from a game's HTTP call to the outcome its machine reads, and the one message function. */
describe('game call outcome', () => {
  it('should be answered with the body when the server accepted the call', async () => {
    expect(await outcomeOf(Promise.resolve({ success: true, balance: 1 }))).toEqual({ kind: 'answered', answer: { success: true, balance: 1 } });
    expect(await outcomeOf(Promise.resolve({ balance: 2 }))).toEqual({ kind: 'answered', answer: { balance: 2 } });
  });

  it("should be refused with the server's words for any 4xx", async () => {
    expect(await outcomeOf(Promise.reject(new ApiError("Can't bet more than balance", 400, 'balance_too_low')))).toEqual({
      kind: 'refused',
      message: "Can't bet more than balance",
    });
    expect(await outcomeOf(Promise.reject(new ApiError('You already have a mines game in progress.', 409, 'game_in_progress')))).toEqual({
      kind: 'refused',
      message: 'You already have a mines game in progress.',
    });
  });

  it('should be unanswered without an answer or on a server fault', async () => {
    expect(await outcomeOf(Promise.reject(new ApiError('fetch failed', undefined, undefined)))).toEqual({ kind: 'unanswered' });
    expect(await outcomeOf(Promise.reject(new ApiError('Internal Server Error', 500, 'internal')))).toEqual({ kind: 'unanswered' });
    expect(await outcomeOf(Promise.reject(new TypeError('offline')))).toEqual({ kind: 'unanswered' });
  });

  it("should show the server's words, else the game's fixed message for a wordless refusal or no answer (docs/product.md §8)", () => {
    const fixed = { refused: 'Cashout failed. Please try again.', unanswered: 'An error occurred during cashout.' };
    expect(outcomeMessage({ kind: 'refused', message: 'You have no mines game in progress.' }, fixed)).toBe('You have no mines game in progress.');
    expect(outcomeMessage({ kind: 'refused', message: '' }, fixed)).toBe('Cashout failed. Please try again.');
    expect(outcomeMessage({ kind: 'unanswered' }, fixed)).toBe('An error occurred during cashout.');
    expect(outcomeMessage({ kind: 'refused', message: '' }, { unanswered: 'error placing bet, please try again.' })).toBe('error placing bet, please try again.');
  });
});
