import { describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage, waitInWords } from '../../src/core/wait';

describe('a wait in words', () => {
  it.each([
    [0, '1 second'],
    [0.2, '1 second'],
    [1, '1 second'],
    [1.5, '2 seconds'],
    [45, '45 seconds'],
    [59, '59 seconds'],
    [59.5, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [300, '5 minutes'],
    [3540, '59 minutes'],
    [3541, '1 hour'],
    [3600, '1 hour'],
    [3601, '1 hour 1 minute'],
    [3900, '1 hour 5 minutes'],
    [7200, '2 hours'],
    [7260, '2 hours 1 minute'],
  ])('%d s → %s (rounded up, never shorter than the wait)', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe('the too-many-attempts message', () => {
  it('should name the wait the server gave', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(tooManyAttemptsMessage(0.5)).toBe('Too many attempts. Try again in 1 second.');
  });

  it.each([undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])('should ask for a moment when the wait is %s', (retryAfter) => {
    expect(tooManyAttemptsMessage(retryAfter)).toBe('Too many attempts. Please wait a moment and try again.');
  });
});
