import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { BetLimits } from '../../src/core/bets/validation';
import { blackjackMachine } from '../../machines/blackjack/machine';
import { baccaratMachine } from '../../machines/baccarat/machine';
import { INSTANT_DELAYS } from '../../machines/shared/instant';
import { selectOutcome, selectTable } from '../../machines/blackjack/selectors';
import { outcomeOf } from '../../src/app/actors/games/outcome';
import { inPlay, over, overWithDraws, pairGame } from '../support/blackjackGames';

/**
 * Instant mode: the screens provide INSTANT_DELAYS, and a round shows its result at once, with the
 * same requests and the same final table as when it animates.
 */

const LIMITS: BetLimits = { minBet: 0.1, maxBet: 1000, maxPayout: 10_000 };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function blackjack(instant: boolean) {
  const sent: unknown[] = [];
  const base = blackjackMachine.provide({
    actors: {
      loadLimits: fromPromise(async () => LIMITS),
      loadActiveGame: fromPromise(async () => ({ success: true, game: null, errorMessage: null })),
      placeBet: fromPromise(({ input }) => {
        sent.push(input);
        return outcomeOf(Promise.resolve(inPlay(pairGame)));
      }),
      act: fromPromise(({ input }) => {
        sent.push(input);
        return outcomeOf(Promise.resolve(over(overWithDraws)));
      }),
    },
    actions: { openLogin: () => {}, reportBalance: () => {}, switchCurrency: () => {}, announceRound: () => {}, logActionError: () => {} },
  } as never);
  const machine = instant ? base.provide({ delays: INSTANT_DELAYS.blackjack }) : base;
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { signedIn: true, wallet: { currency: 'USDT', balance: 100, fiatRate: null } }, clock }).start();
  return { actor, clock, sent };
}

async function standAfterBet(run: ReturnType<typeof blackjack>) {
  await flush();
  run.actor.send({ type: 'user.typeAmount', text: '1' });
  run.actor.send({ type: 'user.bet' });
  await flush();
  run.actor.send({ type: 'user.stand' });
  await flush();
}

describe('instant mode', () => {
  it("should show blackjack's dealer cards and the result at once, sending the same requests and ending on the same table", async () => {
    const animated = blackjack(false);
    await standAfterBet(animated);
    expect(animated.actor.getSnapshot().hasTag('revealing')).toBe(true);
    for (let turn = 0; turn < 10; turn++) animated.clock.increment(1_000);
    expect(animated.actor.getSnapshot().matches({ round: 'roundOver' })).toBe(true);

    const instant = blackjack(true);
    await standAfterBet(instant);
    // No time passes on the clock: each zero delay fires on the next turn (a browser's next task).
    for (let turn = 0; turn < 10; turn++) instant.clock.increment(0);
    const snapshot = instant.actor.getSnapshot();
    expect(snapshot.matches({ round: 'roundOver' })).toBe(true);
    expect(selectTable(snapshot)!.dealer).toEqual(overWithDraws.dealerHand);
    expect(selectOutcome(snapshot)).toBe('won');
    expect(instant.sent).toEqual(animated.sent);
    expect(selectTable(snapshot)).toEqual(selectTable(animated.actor.getSnapshot()));
  });

  it("should take every baccarat and blackjack delay that animates a round, and none that times a message", () => {
    const animation = (machine: { implementations: { delays: Record<string, unknown> } }, keep: string[]) =>
      Object.keys(machine.implementations.delays).filter((name) => !keep.includes(name)).sort();
    expect(Object.keys(INSTANT_DELAYS.blackjack).sort()).toEqual(animation(blackjackMachine, ['messageClear']));
    expect(Object.keys(INSTANT_DELAYS.baccarat).sort()).toEqual(animation(baccaratMachine, ['errorClear', 'winPopup']));
  });
});
