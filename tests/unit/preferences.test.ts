import { describe, expect, it } from 'vitest';
import { REALITY_CHECK_MINUTES, formatPlayed, isRealityCheckMinutes, nextCheckInMs } from '../../src/core/accounts/preferences';
import { RealityCheckMinutes } from '../../src/core/contracts/preferences';

const MIN = 60_000;

describe('reality check rules', () => {
  it('schedules the next check on the next whole interval since sign-in', () => {
    const start = Date.parse('2026-11-27T10:00:00Z');
    expect(nextCheckInMs(start, start, 15)).toBe(15 * MIN);
    expect(nextCheckInMs(start, start + 4 * MIN, 15)).toBe(11 * MIN);
    // After a reload 40 minutes in, the 45-minute mark stays the mark.
    expect(nextCheckInMs(start, start + 40 * MIN, 15)).toBe(5 * MIN);
    expect(nextCheckInMs(start, start + 61 * MIN, 60)).toBe(59 * MIN);
  });

  it('never schedules a check a moment away: one due in under a second waits for the next mark', () => {
    const start = 0;
    expect(nextCheckInMs(start, 15 * MIN - 500, 15)).toBe(15 * MIN + 500);
    expect(nextCheckInMs(start, 15 * MIN, 15)).toBe(15 * MIN);
    // A server clock a little behind the session start counts from the start.
    expect(nextCheckInMs(1_000, 0, 30)).toBe(30 * MIN);
  });

  it('says the time played in hours and whole minutes', () => {
    expect(formatPlayed(0)).toBe('0 min');
    expect(formatPlayed(59_999)).toBe('0 min');
    expect(formatPlayed(45 * MIN + 30_000)).toBe('45 min');
    expect(formatPlayed(60 * MIN)).toBe('1 h');
    expect(formatPlayed(90 * MIN)).toBe('1 h 30 min');
    expect(formatPlayed(125 * MIN)).toBe('2 h 5 min');
  });

  it('offers off, 15, 30, 60 and 120 minutes, and the contract takes exactly those', () => {
    expect(REALITY_CHECK_MINUTES).toEqual([0, 15, 30, 60, 120]);
    expect(RealityCheckMinutes.anyOf.map((literal: { const: number }) => literal.const)).toEqual([...REALITY_CHECK_MINUTES]);
    expect(isRealityCheckMinutes(30)).toBe(true);
    expect(isRealityCheckMinutes(45)).toBe(false);
    expect(isRealityCheckMinutes('30')).toBe(false);
  });
});
