import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoNow } from '../../src/server/clock';

describe('isoNow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should give the time now as Date gives it, to the millisecond, as the clock moves on and back', () => {
    vi.useFakeTimers();
    for (const at of ['2026-11-27T15:40:00.123Z', '2026-11-27T15:40:00.124Z', '2026-11-27T15:40:01.000Z', '2024-02-29T23:59:59.999Z', '2026-11-27T15:40:00.123Z']) {
      vi.setSystemTime(new Date(at));
      expect(isoNow()).toBe(at);
      expect(isoNow()).toBe(new Date().toISOString());
    }
    vi.setSystemTime(new Date('2026-11-27T15:40:00.000Z'));
    expect(isoNow()).toBe('2026-11-27T15:40:00.000Z');
    vi.advanceTimersByTime(1);
    expect(isoNow()).toBe('2026-11-27T15:40:00.001Z');
  });

  it('should follow the real clock', async () => {
    const before = Date.now();
    const first = Date.parse(isoNow());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = Date.parse(isoNow());
    expect(first).toBeGreaterThanOrEqual(before);
    expect(second).toBeGreaterThanOrEqual(first + 4);
    expect(second).toBeLessThanOrEqual(Date.now());
  });
});
