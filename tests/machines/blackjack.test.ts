import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { BetLimits } from '../../src/core/bets/validation';
import type { BlackjackRefusal } from '../../src/core/contracts/blackjack';
import { HIDDEN_CARD } from '../../src/core/games/cards';
import { blackjackMachine, BLACKJACK_NETWORK_ERROR } from '../../machines/blackjack/machine';
import type {
  BlackjackActionRequest,
  BlackjackActiveGameReply,
  BlackjackAnswer,
  BlackjackBetRequest,
  BlackjackInput,
} from '../../machines/blackjack/machine';
import {
  selectLimits,
  selectMessage,
  selectOutcome,
  selectPlacing,
  selectRevealing,
  selectSignedIn,
  selectTable,
  selectTurningHoleCard,
} from '../../machines/blackjack/selectors';
import { cardIndex } from '../support/cardIndex';
import { inPlay, natural, over, overWithDraws, pairGame, restorable, splitGame, splitSecondHand, threeCardGame, wire } from '../support/blackjackGames';
import type { GameWallet } from '../../machines/shared/events';
import type { LimitsRequest } from '../../machines/shared/limits';
import { ApiError } from '../../src/app/api/client';
import { outcomeOf } from '../../src/app/actors/games/outcome';
import { refusalBody, refusalError } from '../support/games';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { blackjackPaths } from './blackjack.paths';

const LIMITS: BetLimits = { minBet: 0.1, maxBet: 1000, maxPayout: 10_000 };
const USDT: GameWallet = { currency: 'USDT', balance: 100, fiatRate: null };

interface Effects {
  openLogin: number;
  balances: Array<{ currency: string; balance: number }>;
  switched: string[];
  announced: Array<number | string>;
  logged: Array<{ action: string; error: unknown }>;
  bets: BlackjackBetRequest[];
  actions: BlackjackActionRequest[];
}

type Reply<T> = T | Error | (() => Promise<T>);

interface Fakes {
  limits?: Reply<BetLimits>;
  active?: Reply<BlackjackActiveGameReply>;
  bet?: Reply<BlackjackAnswer>;
  act?: (request: BlackjackActionRequest) => Promise<BlackjackAnswer>;
}

const answer = async <T,>(reply: Reply<T> | undefined, fallback: T): Promise<T> => {
  if (reply === undefined) return fallback;
  if (reply instanceof Error) throw reply;
  if (typeof reply === 'function') return (reply as () => Promise<T>)();
  return reply;
};

function provided(fakes: Fakes = {}) {
  const effects: Effects = { openLogin: 0, balances: [], switched: [], announced: [], logged: [], bets: [], actions: [] };
  const machine = blackjackMachine.provide({
    actors: {
      loadLimits: fromPromise<BetLimits, LimitsRequest>(() => answer(fakes.limits, LIMITS)),
      loadActiveGame: fromPromise<BlackjackActiveGameReply, void>(() => answer(fakes.active, { success: true, game: null, errorMessage: null })),
      placeBet: fromPromise(({ input }: { input: BlackjackBetRequest }) => {
        effects.bets.push(input);
        return outcomeOf(answer(fakes.bet, inPlay(pairGame)));
      }),
      act: fromPromise(({ input }: { input: BlackjackActionRequest }) => {
        effects.actions.push(input);
        return outcomeOf(fakes.act ? fakes.act(input) : Promise.resolve(over(overWithDraws)));
      }),
    },
    actions: {
      openLogin: () => {
        effects.openLogin += 1;
      },
      reportBalance: (_, params) => {
        effects.balances.push(params);
      },
      switchCurrency: (_, params) => {
        effects.switched.push(params.currency);
      },
      announceRound: (_, params) => {
        effects.announced.push(params.betId);
      },
      logActionError: (_, params) => {
        effects.logged.push(params);
      },
    },
  });
  return { machine, effects };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function started(fakes: Fakes = {}, input: BlackjackInput = { signedIn: true, wallet: USDT }) {
  const { machine, effects } = provided(fakes);
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock }).start();
  await flush();
  return { actor, effects, clock };
}

async function inPlayerTurn(fakes: Fakes = {}) {
  const run = await started(fakes);
  run.actor.send({ type: 'user.typeAmount', text: '1' });
  run.actor.send({ type: 'user.bet' });
  await flush();
  return run;
}

describe('blackjack machine', () => {
  it('should open the login modal for a visitor instead of betting', async () => {
    const { actor, effects } = await started({}, { signedIn: false, wallet: USDT });
    actor.send({ type: 'user.typeAmount', text: '1' });
    actor.send({ type: 'user.bet' });
    expect(effects.openLogin).toBe(1);
    expect(effects.bets).toEqual([]);
    expect(actor.getSnapshot().matches({ round: 'idle' })).toBe(true);
  });

  it("should refuse a bet above maxBet with 'Bet must be less than less {max}' for 3 s, sending nothing", async () => {
    const { actor, effects, clock } = await started({}, { signedIn: true, wallet: { currency: 'USDT', balance: 5000, fiatRate: null } });
    actor.send({ type: 'user.typeAmount', text: '1500' });
    actor.send({ type: 'user.bet' });
    expect(selectMessage(actor.getSnapshot())).toBe('Bet must be less than less 1000.00000000 USDT');
    expect(effects.bets).toEqual([]);
    clock.increment(2999);
    expect(selectMessage(actor.getSnapshot())).not.toBeNull();
    clock.increment(1);
    expect(selectMessage(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().matches({ round: 'idle' })).toBe(true);
  });

  it('should send a corrected bet at once while a refusal or a failure still shows, without waiting for its 3 s', async () => {
    const { actor, effects } = await started({}, { signedIn: true, wallet: { currency: 'USDT', balance: 5000, fiatRate: null } });
    actor.send({ type: 'user.typeAmount', text: '1500' });
    actor.send({ type: 'user.bet' });
    expect(selectMessage(actor.getSnapshot())).not.toBeNull();
    actor.send({ type: 'user.typeAmount', text: '1' });
    actor.send({ type: 'user.bet' });
    expect(effects.bets).toEqual([{ betAmount: 1, currency: 'USDT' }]);
    expect(selectPlacing(actor.getSnapshot())).toBe(true);

    const failing = await started({ bet: new ApiError("Can't bet more than balance", 400, 'balance_too_low') });
    failing.actor.send({ type: 'user.typeAmount', text: '1' });
    failing.actor.send({ type: 'user.bet' });
    await flush();
    expect(selectMessage(failing.actor.getSnapshot())).toBe("Can't bet more than balance");
    failing.actor.send({ type: 'user.bet' });
    expect(failing.effects.bets).toHaveLength(2);
    expect(selectPlacing(failing.actor.getSnapshot())).toBe(true);
  });

  it("should quote limits in dollars in fiat display and send the amount converted to coins", async () => {
    const { actor, effects } = await started({}, { signedIn: true, wallet: { currency: 'BTC', balance: 1, fiatRate: 100_000 } });
    actor.send({ type: 'user.typeAmount', text: '0.01' });
    actor.send({ type: 'user.bet' });
    expect(selectMessage(actor.getSnapshot())).toBe('Bet must be greater than $10,000.00');
    actor.send({ type: 'user.typeAmount', text: '50000' });
    actor.send({ type: 'user.bet' });
    await flush();
    expect(effects.bets).toEqual([{ betAmount: 0.5, currency: 'BTC' }]);
  });

  it("should show the server's errorMessage for 3 s when the bet is refused, and the network message when there was no answer", async () => {
    const refusal = new ApiError("Can't bet more than balance", 400, 'balance_too_low');
    const run = await started({ bet: refusal });
    run.actor.send({ type: 'user.typeAmount', text: '1' });
    run.actor.send({ type: 'user.bet' });
    await flush();
    expect(selectMessage(run.actor.getSnapshot())).toBe("Can't bet more than balance");
    run.clock.increment(3000);
    expect(selectMessage(run.actor.getSnapshot())).toBeNull();

    const offline = await started({ bet: new TypeError('fetch failed') });
    offline.actor.send({ type: 'user.typeAmount', text: '1' });
    offline.actor.send({ type: 'user.bet' });
    await flush();
    expect(selectMessage(offline.actor.getSnapshot())).toBe(BLACKJACK_NETWORK_ERROR);

    const inProgress = 'Finish the blackjack game in progress before placing a new bet.';
    const falsy = await started({ bet: refusalError(409, { ...refusalBody(inProgress, 'game_in_progress'), game: pairGame } satisfies BlackjackRefusal) });
    falsy.actor.send({ type: 'user.typeAmount', text: '1' });
    falsy.actor.send({ type: 'user.bet' });
    await flush();
    expect(selectMessage(falsy.actor.getSnapshot())).toBe('Finish the blackjack game in progress before placing a new bet.');
  });

  it('should deal into playerTurn, report the stake taken, and enable exactly the actions the rules allow', async () => {
    const { actor, effects } = await inPlayerTurn();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ round: { playerTurn: 'choosingAction' } })).toBe(true);
    expect(effects.bets).toEqual([{ betAmount: 1, currency: 'USDT' }]);
    expect(effects.balances).toEqual([{ currency: 'USDT', balance: 99 }]);
    for (const type of ['user.stand', 'user.hit', 'user.double', 'user.split'] as const) expect(snapshot.can({ type })).toBe(true);
    expect(snapshot.can({ type: 'user.bet' })).toBe(false);
    expect(selectTable(snapshot)?.dealer).toEqual([pairGame.dealerHand[0], HIDDEN_CARD]);
  });

  it('should disable double and split on three cards, and split once a round is split', async () => {
    const { actor } = await inPlayerTurn({ bet: inPlay(threeCardGame) });
    let snapshot = actor.getSnapshot();
    expect([snapshot.can({ type: 'user.hit' }), snapshot.can({ type: 'user.stand' })]).toEqual([true, true]);
    expect([snapshot.can({ type: 'user.double' }), snapshot.can({ type: 'user.split' })]).toEqual([false, false]);
    const split = await inPlayerTurn({ bet: inPlay(splitGame) });
    snapshot = split.actor.getSnapshot();
    expect([snapshot.can({ type: 'user.double' }), snapshot.can({ type: 'user.split' })]).toEqual([true, false]);
    expect(selectTable(snapshot)?.hands.map((h) => h.active)).toEqual([true, false]);
  });

  it('should send the active hand with each action and block the buttons while it is on its way', async () => {
    let release: (answer: BlackjackAnswer) => void = () => {};
    const { actor, effects } = await inPlayerTurn({
      bet: inPlay(splitSecondHand),
      act: () => new Promise((resolve) => (release = resolve)),
    });
    actor.send({ type: 'user.hit' });
    expect(effects.actions).toEqual([{ action: 'hit', activeHand: 1 }]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.stand' })).toBe(false);
    release(inPlay({ ...splitSecondHand, playerHand2: [...splitGame.playerHand2, cardIndex('Two')] }));
    await flush();
    expect(actor.getSnapshot().matches({ round: { playerTurn: 'choosingAction' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.double' })).toBe(false);
  });

  it('should report the balance when a double or split takes its stake mid-round', async () => {
    const { actor, effects } = await inPlayerTurn({ act: async () => inPlay(splitGame, 98) });
    actor.send({ type: 'user.split' });
    await flush();
    expect(effects.balances.at(-1)).toEqual({ currency: 'USDT', balance: 98 });
  });

  it('should play the reveal: hole card turned in 300 ms, then each dealer card after a 500 ms pause and 150 ms, and only then the result, balance and live row', async () => {
    const { actor, effects, clock } = await inPlayerTurn();
    actor.send({ type: 'user.stand' });
    await flush();
    const dealer = () => selectTable(actor.getSnapshot())!.dealer;
    expect(actor.getSnapshot().matches({ round: { revealing: 'turningHoleCard' } })).toBe(true);
    expect(selectTurningHoleCard(actor.getSnapshot())).toBe(true);
    expect(dealer()).toEqual([overWithDraws.dealerHand[0], HIDDEN_CARD]);
    expect(selectTable(actor.getSnapshot())!.dealerScore).toBe('9');
    expect(selectOutcome(actor.getSnapshot())).toBeNull();
    expect(selectTable(actor.getSnapshot())!.hands[0]!.result).toBeNull();
    clock.increment(299);
    expect(dealer()).toHaveLength(2);
    expect(dealer()[1]).toBe(HIDDEN_CARD);
    clock.increment(1);
    expect(dealer()).toEqual(overWithDraws.dealerHand.slice(0, 2));
    expect(actor.getSnapshot().matches({ round: { revealing: 'dealerPausing' } })).toBe(true);
    clock.increment(500);
    expect(dealer()).toEqual(overWithDraws.dealerHand.slice(0, 3));
    clock.increment(150);
    clock.increment(500);
    expect(dealer()).toEqual(overWithDraws.dealerHand);
    expect(effects.balances).toEqual([{ currency: 'USDT', balance: 99 }]);
    expect(effects.announced).toEqual([]);
    clock.increment(149);
    expect(actor.getSnapshot().hasTag('revealing')).toBe(true);
    clock.increment(1);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ round: 'roundOver' })).toBe(true);
    expect(selectOutcome(snapshot)).toBe('won');
    expect(selectTable(snapshot)!.hands[0]!.result).toBe(2);
    expect(selectTable(snapshot)!.dealerScore).toBe('19');
    expect(effects.balances.at(-1)).toEqual({ currency: 'USDT', balance: 101 });
    expect(effects.announced).toEqual([42]);
    expect(snapshot.can({ type: 'user.bet' })).toBe(true);
    expect(snapshot.can({ type: 'user.hit' })).toBe(false);
  });

  it('should go from a blackjack at the deal straight to the reveal, turning only the hole card', async () => {
    const { actor, effects, clock } = await inPlayerTurn({ bet: over(natural, 101.5, 9) });
    expect(actor.getSnapshot().matches({ round: { revealing: 'turningHoleCard' } })).toBe(true);
    expect(effects.balances).toEqual([]);
    clock.increment(300);
    expect(actor.getSnapshot().matches({ round: 'roundOver' })).toBe(true);
    expect(effects.balances).toEqual([{ currency: 'USDT', balance: 101.5 }]);
    expect(effects.announced).toEqual([9]);
  });

  it('should restore an open round on load and switch the wallet to its currency', async () => {
    const restored = { ...pairGame, currency: 'ETH' };
    const { actor, effects } = await started({ active: restorable(restored, 0.5) });
    expect(actor.getSnapshot().matches({ round: { playerTurn: 'choosingAction' } })).toBe(true);
    expect(actor.getSnapshot().context.game).toEqual(restored);
    expect(effects.switched).toEqual(['ETH']);
    expect(effects.balances).toEqual([{ currency: 'ETH', balance: 0.5 }]);
  });

  it('should start idle when there is nothing to restore, or the restore fails', async () => {
    expect((await started()).actor.getSnapshot().matches({ round: 'idle' })).toBe(true);
    const failed = await started({ active: new Error('offline') });
    expect(failed.actor.getSnapshot().matches({ round: 'idle' })).toBe(true);
    expect(failed.effects.switched).toEqual([]);
  });

  it('should look for an open round when a visitor signs in', async () => {
    const { machine, effects } = provided({ active: restorable(pairGame) });
    const actor = createActor(machine, { input: { signedIn: false, wallet: USDT } }).start();
    actor.send({ type: 'auth.loggedIn' });
    await flush();
    expect(actor.getSnapshot().matches({ round: 'playerTurn' })).toBe(true);
    expect(effects.switched).toEqual(['USDT']);
  });

  it('should only log a failed or refused action and let the player choose again', async () => {
    const { actor, effects } = await inPlayerTurn({
      act: async ({ action }) => {
        if (action === 'double') throw new Error('offline');
        const raced = 'The game changed while this action was on its way; nothing was applied.';
        throw refusalError(409, { ...refusalBody(raced, 'game_changed'), game: null } satisfies BlackjackRefusal);
      },
    });
    actor.send({ type: 'user.double' });
    await flush();
    actor.send({ type: 'user.split' });
    await flush();
    expect(effects.logged.map((entry) => entry.action)).toEqual(['double', 'split']);
    expect(actor.getSnapshot().matches({ round: { playerTurn: 'choosingAction' } })).toBe(true);
    expect(selectMessage(actor.getSnapshot())).toBeNull();
  });

  it('should clear the table on logout', async () => {
    const { actor } = await inPlayerTurn();
    actor.send({ type: 'auth.loggedOut' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ round: 'idle', player: 'visitor' })).toBe(true);
    expect(selectTable(snapshot)).toBeNull();
  });

  it('should load the limits of a newly selected currency and wait for them before betting', async () => {
    let resolveLimits: (limits: BetLimits) => void = () => {};
    const calls: string[] = [];
    const { machine } = provided();
    const actor = createActor(
      machine.provide({
        actors: {
          loadLimits: fromPromise<BetLimits, LimitsRequest>(({ input }) => {
            calls.push(input.currency);
            return new Promise((resolve) => (resolveLimits = resolve));
          }),
        },
      }),
      { input: { signedIn: true, wallet: USDT } },
    ).start();
    resolveLimits(LIMITS);
    await flush();
    actor.send({ type: 'wallet.changed', wallet: { currency: 'BTC', balance: 1, fiatRate: null } });
    expect(actor.getSnapshot().matches({ limits: 'loading' })).toBe(true);
    actor.send({ type: 'user.typeAmount', text: '0.5' });
    expect(actor.getSnapshot().can({ type: 'user.bet' })).toBe(false);
    resolveLimits(LIMITS);
    await flush();
    expect(calls).toEqual(['USDT', 'BTC']);
    expect(actor.getSnapshot().can({ type: 'user.bet' })).toBe(true);
  });
});

// What the table shows beyond the path spec's rounds (kills mutants of selectors.ts, actions.ts and context.ts).
describe('blackjack machine: what the table shows', () => {
  /** Two hands after a split, each staked 1, returning 0.5 and 1.5: the player gets back exactly what was staked. */
  const splitPush = wire({ ...splitGame, dealerHand: [cardIndex('Nine'), cardIndex('Eight')], dealerScore: 17, resultAmount: 0.5, resultAmount2: 1.5, gameState: 'GameOver' });

  it('should call a round push when both hands of a split return exactly the total staked', async () => {
    const { actor, clock } = await inPlayerTurn({ bet: inPlay(splitGame), act: () => Promise.resolve(over(splitPush)) });
    actor.send({ type: 'user.stand' });
    await flush();
    clock.increment(300);
    expect(actor.getSnapshot().matches({ round: 'roundOver' })).toBe(true);
    expect(selectTable(actor.getSnapshot())!.hands.map((hand) => hand.result)).toEqual([0.5, 1.5]);
    expect(selectOutcome(actor.getSnapshot())).toBe('push');
  });

  it("should show the dealer's soft 17 as 17, not as 7/17 as a player's hand would", async () => {
    const softSeventeen = wire({ ...natural, dealerHand: [cardIndex('Ace'), cardIndex('Six')], dealerScore: 17 });
    const { actor, clock } = await inPlayerTurn({ bet: over(softSeventeen) });
    clock.increment(300);
    expect(actor.getSnapshot().matches({ round: 'roundOver' })).toBe(true);
    expect(selectTable(actor.getSnapshot())!.dealerScore).toBe('17');
    expect(selectTable(actor.getSnapshot())!.hands[0]!.score).toBe('21');
  });

  it('should report the settled balance of an ended round that came without a bet row, and release no row to the live table', async () => {
    const { actor, effects, clock } = await inPlayerTurn({ bet: { ...over(natural, 101.5), bet: null } });
    clock.increment(300);
    expect(actor.getSnapshot().matches({ round: 'roundOver' })).toBe(true);
    expect(effects.balances).toEqual([{ currency: 'USDT', balance: 101.5 }]);
    expect(effects.announced).toEqual([]);
  });

  it('should show who is signed in, the limits, the bet on its way and the reveal as the screen reads them', async () => {
    let answerBet: (answer: BlackjackAnswer) => void = () => {};
    const pending = () => new Promise<BlackjackAnswer>((resolve) => (answerBet = resolve));
    const { actor, clock } = await started({ bet: pending });
    expect(selectSignedIn(actor.getSnapshot())).toBe(true);
    expect(selectLimits(actor.getSnapshot())).toEqual(LIMITS);
    expect(selectPlacing(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.typeAmount', text: '1' });
    actor.send({ type: 'user.bet' });
    expect(selectPlacing(actor.getSnapshot())).toBe(true);
    expect(selectRevealing(actor.getSnapshot())).toBe(false);
    answerBet(over(natural));
    await flush();
    expect(selectPlacing(actor.getSnapshot())).toBe(false);
    expect(selectRevealing(actor.getSnapshot())).toBe(true);
    clock.increment(300);
    expect(selectRevealing(actor.getSnapshot())).toBe(false);

    const visitor = await started({}, { signedIn: false, wallet: USDT });
    expect(selectSignedIn(visitor.actor.getSnapshot())).toBe(false);
  });

  it('should treat a table opened without saying who sits at it as a visitor: no round is looked for, Bet asks for a login', async () => {
    let restores = 0;
    const { actor, effects } = await started(
      { active: () => ((restores += 1), Promise.resolve({ success: true, game: null, errorMessage: null })) },
      { wallet: USDT },
    );
    expect(restores).toBe(0);
    actor.send({ type: 'user.typeAmount', text: '1' });
    actor.send({ type: 'user.bet' });
    expect(effects.openLogin).toBe(1);
  });
});

chartDocTest('blackjack', blackjackMachine);

pathSuite(blackjackPaths);
