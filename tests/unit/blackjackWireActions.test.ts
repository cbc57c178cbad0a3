import { describe, expect, it } from 'vitest';
import { allowedActions, allowedWireActions, applyAction, startRound, toWireGame } from '../../src/core/games/blackjack';
import type { BlackjackState } from '../../src/core/games/blackjack';
import { createSeededStreams } from '../support/seededFloats';

describe('allowedWireActions', () => {
  it('should allow on the wire game (hole card hidden) exactly what the engine allows on the full round', () => {
    const streams = createSeededStreams(8);
    let compared = 0;
    const seen = new Set<string>();
    for (let round = 0; round < 3000; round++) {
      const floatAt = streams.nextStream();
      let state: BlackjackState = startRound(100n, floatAt);
      for (let step = 0; step < 8; step++) {
        const allowed = allowedActions(state);
        expect(allowedWireActions(toWireGame(state, round, 'BTC'))).toEqual(allowed);
        seen.add(allowed.join(','));
        compared += 1;
        if (allowed.length === 0) break;
        // Walk varied rounds: prefer split, then double, then a random hit or stand.
        const action = allowed.includes('split') && step % 2 === 0 ? 'split' : allowed.includes('double') && round % 3 === 0 ? 'double' : floatAt(40 + step) < 0.5 ? 'hit' : 'stand';
        const next = applyAction(state, action, state.activeHandIndex, floatAt);
        if (!next.ok) throw new Error(next.refusal.message);
        state = next.state;
      }
    }
    expect(compared).toBeGreaterThan(3000);
    // Every combination of buttons the table can show was compared.
    expect([...seen].sort()).toEqual(['', 'hit,stand', 'hit,stand,double', 'hit,stand,double,split'].sort());
  });
});
