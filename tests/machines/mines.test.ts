import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { autobetMachine } from '../../machines/autobet/machine';
import type { BetLimits } from '../../src/core/bets/validation';
import { minesMachine } from '../../machines/mines/machine';
import type {
  ActiveMinesGame,
  MinesBetRequest,
  MinesBetResponse,
  MinesCashoutResponse,
  MinesEvent,
  MinesInput,
  MinesPickRequest,
  MinesPickResponse,
} from '../../machines/mines/machine';
import {
  selectAmountText,
  selectBusted,
  selectCanBet,
  selectCanCashout,
  selectCanHalveOrDouble,
  selectCashingOut,
  selectGemsCount,
  selectIsBusy,
  selectIsGameOver,
  selectIsPlaying,
  selectPlacing,
  selectRevealedBet,
  selectCanPick,
  selectCurrentProfit,
  selectGemsFound,
  selectMessage,
  selectMinesCount,
  selectNextProfit,
  selectSettingsLocked,
  selectTiles,
  selectWinPopup,
} from '../../machines/mines/selectors';
import { outcomeOf } from '../../src/app/actors/games/outcome';
import { refusalBody, refusalError, settle } from '../support/games';
import { pathSuite } from '../support/pathTesting';
import { minesPaths } from './mines.paths';

const LIMITS: BetLimits = { minBet: 0.01, maxBet: 5, maxPayout: 100 };
const PLAYER: MinesInput = { signedIn: true, wallet: { currency: 'USDT', balance: 10, fiatRate: null } };
const MINES = [3, 11, 20];

type Reply<T> = T | Error | (() => Promise<T>);

interface Server {
  limits?: Reply<BetLimits>;
  activeGame?: Reply<ActiveMinesGame | null>;
  bet?: Reply<MinesBetResponse>;
  /** Answers per tile; a tile not listed is a gem in play. */
  picks?: Record<number, Reply<MinesPickResponse>>;
  cashout?: Reply<MinesCashoutResponse>;
}

const answer = async <T,>(reply: Reply<T>): Promise<T> => {
  if (reply instanceof Error) throw reply;
  if (typeof reply === 'function') return (reply as () => Promise<T>)();
  return reply;
};

const inPlay: MinesPickResponse = { success: true, isMine: false, gameState: 'InPlay', cashedOutAmount: 0, mineLocations: null };

/** The machine with one fake per effect; `calls` records what it asked for. */
function fakes(server: Server = {}) {
  const calls = {
    limits: [] as unknown[],
    bets: [] as MinesBetRequest[],
    picks: [] as number[],
    cashouts: 0,
    logins: 0,
    balances: [] as Array<{ currency: string; balance: number }>,
  };
  const machine = minesMachine.provide({
    actors: {
      loadLimits: fromPromise(async ({ input }) => {
        calls.limits.push(input);
        return answer(server.limits ?? LIMITS);
      }),
      loadActiveGame: fromPromise(async () => answer(server.activeGame ?? null)),
      placeBet: fromPromise(async ({ input }: { input: MinesBetRequest }) => {
        calls.bets.push(input);
        return outcomeOf(answer(server.bet ?? { success: true, balance: 10 - Number(input.betAmount), errorMessage: null }));
      }),
      pick: fromPromise(async ({ input }: { input: MinesPickRequest }) => {
        calls.picks.push(input.tileId);
        return outcomeOf(answer(server.picks?.[input.tileId] ?? inPlay));
      }),
      cashout: fromPromise(async () => {
        calls.cashouts += 1;
        return outcomeOf(answer(server.cashout ?? { success: true, cashedOutAmount: 1.13, mineLocations: MINES, balance: 10.13, errorMessage: null }));
      }),
    },
    actions: {
      openLogin: () => {
        calls.logins += 1;
      },
      reportBalance: (_, params) => {
        calls.balances.push(params);
      },
    },
  });
  return { machine, calls };
}


async function start(server: Server = {}, input: MinesInput = PLAYER) {
  const { machine: manual, calls } = fakes(server);
  // The Auto mode's run, with the live link up.
  const machine = manual.provide({ actors: { autobet: autobetMachine.provide({ actors: { watchLink: fromCallback(({ sendBack }) => sendBack({ type: 'live.up', atStart: true })) } }) } as never });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock }).start();
  await settle();
  const send = async (event: MinesEvent) => {
    actor.send(event);
    await settle();
  };
  return { actor, calls, clock, send, snapshot: () => actor.getSnapshot() };
}

async function playing(server: Server = {}) {
  const game = await start(server);
  await game.send({ type: 'user.typeAmount', text: '1' });
  await game.send({ type: 'user.bet' });
  expect(game.snapshot().matches({ round: { playing: 'ready' } })).toBe(true);
  return game;
}

describe('mines machine', () => {
  it('should open the login modal instead of betting for a visitor', async () => {
    const { send, calls, snapshot } = await start({}, { wallet: PLAYER.wallet! });
    await send({ type: 'user.typeAmount', text: '1' });
    expect(selectCanBet(snapshot())).toBe(true);
    await send({ type: 'user.bet' });
    expect(calls.logins).toBe(1);
    expect(calls.bets).toEqual([]);
    expect(snapshot().matches({ round: 'idle' })).toBe(true);
  });

  it('should start a game from a fresh grid with zero gems, send the bet and report the balance', async () => {
    const { send, calls, snapshot } = await playing();
    expect(calls.bets).toEqual([{ betAmount: 1, minesCount: 3, currency: 'USDT' }]);
    expect(calls.balances).toEqual([{ currency: 'USDT', balance: 9 }]);
    expect(selectGemsFound(snapshot())).toBe(0);
    expect(selectTiles(snapshot()).every((tile) => tile.face === 'hidden')).toBe(true);
    expect(selectCurrentProfit(snapshot())).toEqual({ multiplier: 1, profit: 0 });
    expect(selectNextProfit(snapshot())).toEqual({ multiplier: 1.13, profit: 0.13 });
    // After a game, the next bet clears the board again.
    await send({ type: 'user.pick', tileId: 0 });
    await send({ type: 'user.cashout' });
    await send({ type: 'user.bet' });
    expect(selectGemsFound(snapshot())).toBe(0);
    expect(selectTiles(snapshot()).every((tile) => tile.face === 'hidden')).toBe(true);
  });

  it("should show an instant-reveal game's seed and bet once it ends, never while the next game is open, and none in classic mode", async () => {
    const serverSeed = 'c3'.repeat(32);
    let instant = true;
    const { send, snapshot } = await playing({
      cashout: async () => ({ success: true, cashedOutAmount: 1.13, mineLocations: MINES, balance: 10.13, betId: 9, ...(instant ? { serverSeed } : {}), errorMessage: null }),
      picks: { 3: { success: true, isMine: true, gameState: 'GameOver', cashedOutAmount: 0, mineLocations: MINES, balance: 9, betId: 10, serverSeed } },
    });
    await send({ type: 'user.pick', tileId: 0 });
    expect(selectRevealedBet(snapshot())).toBeNull();
    await send({ type: 'user.cashout' });
    expect(selectRevealedBet(snapshot())).toEqual({ betId: 9, serverSeed });
    // The next game is open: its seed is secret, and the last one no longer shows.
    await send({ type: 'user.bet' });
    expect(selectIsPlaying(snapshot())).toBe(true);
    expect(selectRevealedBet(snapshot())).toBeNull();
    // A bust reveals too.
    await send({ type: 'user.pick', tileId: 3 });
    expect(selectBusted(snapshot())).toBe(true);
    expect(selectRevealedBet(snapshot())).toEqual({ betId: 10, serverSeed });
    // Classic mode: nothing is revealed.
    instant = false;
    await send({ type: 'user.bet' });
    await send({ type: 'user.pick', tileId: 0 });
    await send({ type: 'user.cashout' });
    expect(selectIsGameOver(snapshot())).toBe(true);
    expect(selectRevealedBet(snapshot())).toBeNull();
  });

  it('should lock the mines slider and the amount during play, and keep them within 1 to 24 otherwise', async () => {
    const game = await start();
    await game.send({ type: 'user.setMinesCount', count: 25 });
    await game.send({ type: 'user.setMinesCount', count: 0 });
    expect(selectMinesCount(game.snapshot())).toBe(3);
    await game.send({ type: 'user.setMinesCount', count: 24 });
    expect(selectMinesCount(game.snapshot())).toBe(24);
    await game.send({ type: 'user.typeAmount', text: '2' });
    await game.send({ type: 'user.bet' });
    expect(selectSettingsLocked(game.snapshot())).toBe(true);
    expect(game.snapshot().can({ type: 'user.setMinesCount', count: 5 })).toBe(false);
    expect(game.snapshot().can({ type: 'user.typeAmount', text: '3' })).toBe(false);
    await game.send({ type: 'user.setMinesCount', count: 5 });
    await game.send({ type: 'user.typeAmount', text: '3' });
    expect(game.snapshot().context).toMatchObject({ minesCount: 24, amountText: '2' });
  });

  it('should raise the gem count on a gem and allow Cashout only from the first gem', async () => {
    const { send, snapshot, calls } = await playing();
    expect(selectCanCashout(snapshot())).toBe(false);
    await send({ type: 'user.cashout' });
    expect(calls.cashouts).toBe(0);
    await send({ type: 'user.pick', tileId: 7 });
    expect(selectGemsFound(snapshot())).toBe(1);
    expect(selectTiles(snapshot())[7]).toEqual({ id: 7, face: 'gem' });
    expect(selectCanCashout(snapshot())).toBe(true);
    expect(selectCanPick(7)(snapshot())).toBe(false);
    expect(selectCurrentProfit(snapshot())).toEqual({ multiplier: 1.13, profit: 0.13 });
  });

  it('should show the picked tile as revealed while the server decides, and take one pick at a time', async () => {
    let release: (value: MinesPickResponse) => void = () => {};
    const { actor, send, snapshot, calls } = await playing({ picks: { 4: () => new Promise((resolve) => (release = resolve)) } });
    await send({ type: 'user.pick', tileId: 4 });
    expect(selectTiles(snapshot())[4]!.face).toBe('pending');
    expect(selectCanPick(5)(snapshot())).toBe(false);
    await send({ type: 'user.pick', tileId: 5 });
    expect(calls.picks).toEqual([4]);
    release(inPlay);
    await settle();
    expect(actor.getSnapshot().matches({ round: { playing: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.gems).toEqual([4]);
  });

  it('should end on a mine with every tile revealed and no win', async () => {
    const { send, snapshot, calls } = await playing({
      picks: { 11: { success: true, isMine: true, gameState: 'GameOver', cashedOutAmount: 0, mineLocations: MINES, balance: 9 } },
    });
    await send({ type: 'user.pick', tileId: 0 });
    await send({ type: 'user.pick', tileId: 11 });
    expect(snapshot().matches({ round: { roundOver: 'busted' } })).toBe(true);
    const faces = selectTiles(snapshot());
    expect(faces[11]!.face).toBe('mine');
    expect(faces[0]!.face).toBe('gem');
    expect(faces.filter((t) => t.face === 'hiddenMine').map((t) => t.id)).toEqual([3, 20]);
    expect(faces.filter((t) => t.face === 'hidden')).toEqual([]);
    expect(selectWinPopup(snapshot())).toBeNull();
    expect(selectCanCashout(snapshot())).toBe(false);
    expect(calls.balances.at(-1)).toEqual({ currency: 'USDT', balance: 9 });
  });

  it('should cash out automatically when the server reports GameOver on a gem', async () => {
    const { send, snapshot, calls, clock } = await playing({
      picks: { 9: { success: true, isMine: false, gameState: 'GameOver', cashedOutAmount: 24.75, mineLocations: MINES, balance: 33.75 } },
    });
    await send({ type: 'user.pick', tileId: 9 });
    expect(snapshot().matches({ round: { roundOver: { cashedOut: 'celebrating' } } })).toBe(true);
    expect(selectGemsFound(snapshot())).toBe(1);
    expect(selectWinPopup(snapshot())).toEqual({ amount: 24.75, multiplier: 1.13, gems: 1, currency: 'USDT' });
    expect(calls.cashouts).toBe(0);
    expect(calls.balances.at(-1)).toEqual({ currency: 'USDT', balance: 33.75 });
    clock.increment(3000);
    expect(selectWinPopup(snapshot())).toBeNull();
    expect(snapshot().matches({ round: { roundOver: { cashedOut: 'shown' } } })).toBe(true);
  });

  it('should show the win popup with amount, multiplier and gems for 3 s after a cash-out', async () => {
    const { send, snapshot, clock, calls } = await playing();
    await send({ type: 'user.pick', tileId: 0 });
    await send({ type: 'user.cashout' });
    expect(selectWinPopup(snapshot())).toEqual({ amount: 1.13, multiplier: 1.13, gems: 1, currency: 'USDT' });
    expect(calls.balances.at(-1)).toEqual({ currency: 'USDT', balance: 10.13 });
    expect(selectTiles(snapshot()).filter((t) => t.face === 'hiddenMine').map((t) => t.id)).toEqual(MINES);
    clock.increment(2999);
    expect(selectWinPopup(snapshot())).not.toBeNull();
    clock.increment(1);
    expect(selectWinPopup(snapshot())).toBeNull();
  });

  it('should un-reveal a tile whose pick failed, refused or unanswered', async () => {
    const { send, snapshot } = await playing({ picks: { 2: refusalError(409, refusalBody('That tile is already revealed.', 'tile_already_picked')), 6: new Error('network') } });
    await send({ type: 'user.pick', tileId: 2 });
    expect(selectTiles(snapshot())[2]!.face).toBe('hidden');
    await send({ type: 'user.pick', tileId: 6 });
    expect(selectTiles(snapshot())[6]!.face).toBe('hidden');
    expect(snapshot().matches({ round: { playing: 'ready' } })).toBe(true);
    expect(selectGemsFound(snapshot())).toBe(0);
  });

  it.each([
    ['a refusal with a message', refusalError(409, refusalBody('You have no mines game in progress.', 'no_active_game')), 'You have no mines game in progress.'],
    ['a refusal without one', refusalError(409, refusalBody('')), 'Cashout failed. Please try again.'],
    ['no answer', new Error('network'), 'An error occurred during cashout.'],
  ] as const)('should show %s from a failed cash-out for 3 s and let the game go on', async (_name, reply, message) => {
    const { send, snapshot, clock } = await playing({ cashout: reply as Reply<MinesCashoutResponse> });
    await send({ type: 'user.pick', tileId: 0 });
    await send({ type: 'user.cashout' });
    expect(selectMessage(snapshot())).toBe(message);
    expect(selectCanCashout(snapshot())).toBe(true);
    clock.increment(3000);
    expect(selectMessage(snapshot())).toBeNull();
    expect(snapshot().matches({ round: { playing: 'ready' } })).toBe(true);
  });

  it.each([
    ['0', 'Bet must be greater than 0'],
    ['20', "Can't bet more than balance"],
    ['0.001', 'Bet must be greater than 0.01000000 USDT'],
    ['6', 'Bet must be less than less 5.00000000 USDT'],
  ])('should refuse an amount of %s with "%s" for 3 s without calling the server', async (amount, message) => {
    const game = await start({}, { ...PLAYER, wallet: { currency: 'USDT', balance: 100, fiatRate: null } });
    await game.send({ type: 'user.typeAmount', text: amount === '20' ? '200' : amount });
    await game.send({ type: 'user.bet' });
    expect(selectMessage(game.snapshot())).toBe(message);
    expect(game.calls.bets).toEqual([]);
    game.clock.increment(3000);
    expect(selectMessage(game.snapshot())).toBeNull();
  });

  it('should refuse ACC with the message of docs/product.md §8', async () => {
    const game = await start({}, { signedIn: true, wallet: { currency: 'ACC', balance: 5, fiatRate: null } });
    await game.send({ type: 'user.typeAmount', text: '1' });
    await game.send({ type: 'user.bet' });
    expect(selectMessage(game.snapshot())).toBe('ACC betting not available at this time');
  });

  it('should convert an amount typed in dollars and quote limits in dollars', async () => {
    const game = await start({ limits: { minBet: 0.0001, maxBet: 0.05, maxPayout: 1 } }, { signedIn: true, wallet: { currency: 'BTC', balance: 1, fiatRate: 100_000 } });
    await game.send({ type: 'user.typeAmount', text: '10000' });
    await game.send({ type: 'user.bet' });
    expect(selectMessage(game.snapshot())).toBe('Bet must be less than less $5,000.00');
    await game.send({ type: 'user.typeAmount', text: '50' });
    await game.send({ type: 'user.bet' });
    expect(game.calls.bets).toEqual([{ betAmount: 0.0005, minesCount: 3, currency: 'BTC' }]);
  });

  it.each([
    ["the server's errorMessage", refusalError(409, refusalBody('Finish your mines game before placing a new bet.', 'game_in_progress')), 'Finish your mines game before placing a new bet.'],
    ['the network message', new Error('offline'), 'An error occurred while placing the bet.'],
  ] as const)('should show %s for 3 s when a bet fails', async (_name, reply, message) => {
    const game = await start({ bet: reply as Reply<MinesBetResponse> });
    await game.send({ type: 'user.typeAmount', text: '1' });
    await game.send({ type: 'user.bet' });
    expect(game.snapshot().matches({ round: 'failed' })).toBe(true);
    expect(selectMessage(game.snapshot())).toBe(message);
    expect(game.calls.balances).toEqual([]);
    game.clock.increment(3000);
    expect(game.snapshot().matches({ round: 'idle' })).toBe(true);
    expect(selectMessage(game.snapshot())).toBeNull();
  });

  it('should restore the open game on load: bet, mines count and gems found', async () => {
    const { snapshot, send, calls } = await start({ activeGame: { betAmount: 0.5, minesCount: 5, selectedTiles: [12, 7], currency: 'USDT' } });
    expect(snapshot().matches({ round: { playing: 'ready' } })).toBe(true);
    expect(snapshot().context).toMatchObject({ amountText: '0.5', minesCount: 5, gems: [12, 7] });
    expect(selectSettingsLocked(snapshot())).toBe(true);
    expect(selectCanCashout(snapshot())).toBe(true);
    expect(selectCurrentProfit(snapshot())).toEqual({ multiplier: 1.56, profit: 0.28 });
    await send({ type: 'user.cashout' });
    expect(calls.cashouts).toBe(1);
  });

  it('should look for an open game after a login, and start idle when there is none', async () => {
    const game = await start({ activeGame: { betAmount: 1, minesCount: 3, selectedTiles: [], currency: 'USDT' } }, { wallet: PLAYER.wallet! });
    expect(game.snapshot().matches({ round: 'idle' })).toBe(true);
    await game.send({ type: 'auth.loggedIn' });
    expect(game.snapshot().matches({ round: { playing: 'ready' } })).toBe(true);
    await game.send({ type: 'auth.loggedOut' });
    expect(game.snapshot().matches({ round: 'idle' })).toBe(true);
    expect(game.snapshot().context.round).toBeNull();
    const none = await start();
    expect(none.snapshot().matches({ round: 'idle' })).toBe(true);
  });

  it('should reload the limits when the currency changes and cap the next profit at maxPayout', async () => {
    const game = await start({ limits: { minBet: 0.01, maxBet: 100, maxPayout: 2 } }, { signedIn: true, wallet: { currency: 'USDT', balance: 100, fiatRate: null } });
    await game.send({ type: 'wallet.changed', wallet: { currency: 'ETH', balance: 1, fiatRate: null } });
    expect(game.calls.limits).toEqual([
      { game: 'mines', currency: 'USDT' },
      { game: 'mines', currency: 'ETH' },
    ]);
    await game.send({ type: 'wallet.changed', wallet: { currency: 'USDT', balance: 100, fiatRate: null } });
    await game.send({ type: 'user.setMinesCount', count: 24 });
    await game.send({ type: 'user.typeAmount', text: '10' });
    await game.send({ type: 'user.bet' });
    expect(selectNextProfit(game.snapshot())).toEqual({ multiplier: 24.75, profit: 2 });
  });
});

// What the mines screen reads beyond the path spec (kills mutants of selectors.ts and of the chart's tags).
describe('mines machine: the state the screen reads', () => {
  it('should tell the screen when a bet, a pick or a cash-out is on its way, when a game runs and how it ended', async () => {
    let placeBet: (value: MinesBetResponse) => void = () => {};
    let pick: (value: MinesPickResponse) => void = () => {};
    let cashout: (value: MinesCashoutResponse) => void = () => {};
    const game = await start({
      bet: () => new Promise((resolve) => (placeBet = resolve)),
      picks: { 4: () => new Promise((resolve) => (pick = resolve)) },
      cashout: () => new Promise((resolve) => (cashout = resolve)),
    });
    const flags = () => {
      const s = game.snapshot();
      return { busy: selectIsBusy(s), playing: selectIsPlaying(s), over: selectIsGameOver(s), placing: selectPlacing(s), cashingOut: selectCashingOut(s), busted: selectBusted(s) };
    };
    const none = { busy: false, playing: false, over: false, placing: false, cashingOut: false, busted: false };
    expect(flags()).toEqual(none);
    expect(selectCanHalveOrDouble(game.snapshot())).toBe(true);
    expect(selectGemsCount(game.snapshot())).toBe(22);
    await game.send({ type: 'user.typeAmount', text: '1' });
    expect(selectAmountText(game.snapshot())).toBe('1');
    await game.send({ type: 'user.bet' });
    expect(flags()).toEqual({ ...none, busy: true, placing: true });
    placeBet({ success: true, balance: 9 } as MinesBetResponse);
    await settle();
    expect(flags()).toEqual({ ...none, playing: true });
    expect(selectCanHalveOrDouble(game.snapshot())).toBe(false);
    await game.send({ type: 'user.pick', tileId: 4 });
    expect(flags()).toEqual({ ...none, playing: true, busy: true });
    pick(inPlay);
    await settle();
    await game.send({ type: 'user.cashout' });
    expect(flags()).toEqual({ ...none, playing: true, busy: true, cashingOut: true });
    cashout({ success: true, cashedOutAmount: 1.13, mineLocations: [3, 11, 20], balance: 10.13 } as MinesCashoutResponse);
    await settle();
    expect(flags()).toEqual({ ...none, over: true });
  });

  it('should report our balance plus the win when the cash-out answer carries no balance', async () => {
    const { send, calls } = await playing({ cashout: { success: true, cashedOutAmount: 1.13, mineLocations: MINES } as MinesCashoutResponse });
    await send({ type: 'user.pick', tileId: 0 });
    await send({ type: 'user.cashout' });
    expect(calls.balances.at(-1)).toEqual({ currency: 'USDT', balance: 11.13 });
  });

  it('should say busted when a mine ended the game, and report the settled balance', async () => {
    const { send, snapshot, calls } = await playing({ picks: { 11: { success: true, isMine: true, gameState: 'GameOver', cashedOutAmount: 0, mineLocations: MINES, balance: 9 } } });
    await send({ type: 'user.pick', tileId: 11 });
    expect(selectBusted(snapshot())).toBe(true);
    // The stake when the bet was placed, then the settled balance when the mine ended the game.
    expect(calls.balances).toEqual([
      { currency: 'USDT', balance: 9 },
      { currency: 'USDT', balance: 9 },
    ]);
    expect(selectIsGameOver(snapshot())).toBe(true);
  });
});

pathSuite(minesPaths);

describe('mines in Auto mode', () => {
  const autobetOf = (actor: { getSnapshot(): { children: Record<string, unknown> } }) => actor.getSnapshot().children['autobet'] as AnyActorRef | undefined;

  it("should show a run's cashed-out round on the board without the win popup", async () => {
    const { send, snapshot, actor, clock } = await start({
      picks: { 9: { success: true, isMine: false, gameState: 'GameOver', cashedOutAmount: 24.75, mineLocations: MINES, balance: 33.75 } },
    });
    await send({ type: 'user.chooseMode', mode: 'auto' });
    await send({ type: 'user.typeAmount', text: '1' });
    await send({ type: 'user.toggleAutoTile', tileId: 9 });
    autobetOf(actor)!.send({ type: 'user.typeBets', text: '1' });
    await send({ type: 'user.startAuto' });
    await settle();
    expect(snapshot().matches({ round: { roundOver: { cashedOut: 'shown' } } })).toBe(true);
    expect(selectWinPopup(snapshot())).toBeNull();
    expect(selectGemsFound(snapshot())).toBe(1);
    expect(autobetOf(actor)!.getSnapshot().context.reason).toBe('1 bet placed');
    clock.increment(3000);
    expect(selectWinPopup(snapshot())).toBeNull();
  });

  it('should keep the Auto settings the player left when they come back from Manual', async () => {
    const { send, actor } = await start();
    await send({ type: 'user.chooseMode', mode: 'auto' });
    autobetOf(actor)!.send({ type: 'user.typeBets', text: '25' });
    autobetOf(actor)!.send({ type: 'user.chooseOnLoss', adjust: 'increase' });
    autobetOf(actor)!.send({ type: 'user.typeOnLossPercent', text: '100' });
    await send({ type: 'user.chooseMode', mode: 'manual' });
    expect(autobetOf(actor)).toBeUndefined();
    await send({ type: 'user.chooseMode', mode: 'auto' });
    expect(autobetOf(actor)!.getSnapshot().context.settings).toMatchObject({ bets: '25', onLoss: 'increase', onLossPercent: '100' });
  });
});

