import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../src/app/format';

describe('timeAgo', () => {
  const now = Date.parse('2026-05-20T12:00:00.000Z');
  const before = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [-30_000, 'just now'],
    [60_000, '1 minute ago'],
    [45 * 60_000, '45 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3600_000, '23 hours ago'],
    [24 * 3600_000, 'yesterday'],
    [6 * 24 * 3600_000, '6 days ago'],
  ])('should say %i ms ago as %s', (ms, words) => {
    expect(timeAgo(before(ms), now)).toBe(words);
  });

  it('should give the date from a week on, and nothing for a missing time', () => {
    expect(timeAgo('2026-03-02T10:00:00.000Z', now)).toBe('Mar 2, 2026');
    expect(timeAgo('not a time', now)).toBe('');
  });
});
