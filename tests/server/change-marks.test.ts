import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeMarks, oncePerTurn } from '../../src/server/db/changeMarks';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('oncePerTurn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should read once in a turn of the event loop and again in the next turn', async () => {
    let version = 1;
    const read = vi.fn(() => version);
    const current = oncePerTurn(read);
    expect(current()).toBe(1);
    version = 2;
    // Still the same turn (and a microtask later too): the value read first.
    expect(current()).toBe(1);
    await Promise.resolve();
    expect(current()).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
    await nextTurn();
    expect(current()).toBe(2);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('should still read again in the next turn under fake timers', async () => {
    vi.useFakeTimers();
    let version = 1;
    const current = oncePerTurn(() => version);
    expect(current()).toBe(1);
    version = 2;
    // Real time passes; the fake clock does not move.
    await new Promise<void>((resolve) => process.nextTick(resolve));
    vi.useRealTimers();
    await nextTurn();
    expect(current()).toBe(2);
  });
});

describe('ChangeMarks', () => {
  it('should change the mark on a write to a watched table and on another connection’s commit, in the next turn', async () => {
    let version = 7;
    const marks = new ChangeMarks(oncePerTurn(() => version));
    const before = marks.mark(['sessions']);
    expect(marks.mark(['sessions'])).toBe(before);
    marks.wrote('UPDATE users SET user_name = ? WHERE id = ?');
    expect(marks.mark(['sessions'])).toBe(before);
    marks.wrote('UPDATE sessions SET ended_at = ? WHERE id = ?');
    const afterWrite = marks.mark(['sessions']);
    expect(afterWrite).not.toBe(before);
    version = 8;
    await nextTurn();
    expect(marks.mark(['sessions'])).not.toBe(afterWrite);
  });
});
