import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { minesMachine } from '../../machines/mines/machine';
import type { MinesContext, MinesEvent, MinesInput } from '../../machines/mines/machine';
import {
  selectAutobet,
  selectAutoTiles,
  selectCanBet,
  selectCanCashout,
  selectCanPick,
  selectGemsFound,
  selectIsAuto,
  selectMessage,
  selectMinesCount,
  selectRevealedBet,
  selectSettingsLocked,
  selectTiles,
  selectWinPopup,
} from '../../machines/mines/selectors';
import { loginModal } from '../../machines/shared/messages';
import type { BetLimits } from '../../src/core/bets/validation';
import { BET_MESSAGES } from '../../src/core/bets/validation';
import { runInSystem } from '../support/actorSystem';
import { answered, refused } from '../support/games';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';
import { gameKitOracles, limitsFacts, notWaitingFor } from '../support/gamePaths';
import type { GameSut } from '../support/gamePaths';

/**
 * The mines screen's paths. The oracles read what the player sees through the selectors the screen
 * renders, and what the fakes and the other actors received, against a reference of the game kept
 * from the events the path performed (`facts`), not from the machine's own context.
 */

const MINES = [3, 11, 20];
const wallet = (currency: string, balance = 10) => ({ currency, balance, fiatRate: null });
// minBet = maxBet: half and double keep the amount at '0' or '1', which bounds the model.
const LIMITS: BetLimits = { minBet: 1, maxBet: 1, maxPayout: 100 };
const MESSAGES = {
  betFailed: 'An error occurred while placing the bet.',
  cashoutRefused: 'Cashout failed. Please try again.',
  cashoutError: 'An error occurred during cashout.',
};

const event = (e: Record<string, unknown>) => e as AnyEvent;
/** An instant-reveal game's server seed, public in its GameOver answer. */
const SEED = 'ab'.repeat(32);
const inPlay = { success: true, isMine: false, gameState: 'InPlay', cashedOutAmount: 0, mineLocations: null };
const limitsEvents = [
  { type: 'wallet.changed', wallet: wallet('USDT') },
  { type: 'wallet.changed', wallet: wallet('ETH') },
  { type: 'wallet.changed', wallet: wallet('ACC') },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.error.actor.loadLimits', error: new Error('offline') },
  { type: 'user.bet' },
].map(event);
const formEvents = [
  { type: 'user.typeAmount', text: '1' },
  { type: 'user.typeAmount', text: '0' },
  { type: 'user.halveAmount' },
  { type: 'user.doubleAmount' },
  // The default count: the transition fires without adding states to the model.
  { type: 'user.setMinesCount', count: 3 },
  { type: 'user.bet' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.done.actor.placeBet', output: answered({ success: true, balance: 9, errorMessage: null }) },
].map(event);
const bettingEvents = [
  ...formEvents,
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
  { type: 'xstate.done.actor.loadActiveGame', output: { betAmount: 1, minesCount: 3, selectedTiles: [4], currency: 'USDT' } },
  { type: 'xstate.done.actor.loadActiveGame', output: null },
  { type: 'xstate.error.actor.loadActiveGame', error: new Error('offline') },
  { type: 'xstate.done.actor.placeBet', output: refused('Insufficient balance') },
  { type: 'xstate.error.actor.placeBet', error: new Error('offline') },
  { type: 'xstate.after.messageDuration.mines.round.refused' },
  { type: 'xstate.after.messageDuration.mines.round.failed' },
].map(event);
const playEvents = [
  ...formEvents,
  { type: 'xstate.done.actor.loadActiveGame', output: null },
  { type: 'user.pick', tileId: 0 },
  { type: 'user.pick', tileId: 1 },
  { type: 'user.cashout' },
  { type: 'xstate.done.actor.pick', output: answered(inPlay) },
  // Instant reveal: the bust and the cash-out answers reveal the game's seed; the last gem's is a classic game's.
  { type: 'xstate.done.actor.pick', output: answered({ success: true, isMine: true, gameState: 'GameOver', cashedOutAmount: 0, mineLocations: MINES, betId: 41, serverSeed: SEED }) },
  { type: 'xstate.done.actor.pick', output: answered({ success: true, isMine: false, gameState: 'GameOver', cashedOutAmount: 3, mineLocations: MINES, betId: 42 }) },
  { type: 'xstate.done.actor.pick', output: refused('Game not found') },
  { type: 'xstate.error.actor.pick', error: new Error('offline') },
  { type: 'xstate.done.actor.cashout', output: answered({ success: true, cashedOutAmount: 2, mineLocations: MINES, balance: 11, betId: 43, serverSeed: SEED, errorMessage: null }) },
  { type: 'xstate.done.actor.cashout', output: refused('') },
  { type: 'xstate.error.actor.cashout', error: new Error('offline') },
  { type: 'xstate.after.messageDuration.mines.round.refused' },
  { type: 'xstate.after.messageDuration.mines.round.playing.cashoutFailed' },
  { type: 'xstate.after.winPopupDuration.mines.round.roundOver.cashedOut.celebrating' },
  // The balance runs out: the next bet after a game is refused.
  { type: 'wallet.changed', wallet: wallet('USDT', 0) },
].map(event);

/**
 * Auto mode: tile 7 chosen, Start autobet, and the rounds a run asks for (sent here as its child
 * would): each picks tile 7, then cashes out, or busts; a failed pick or cash-out stops the run.
 */
const autoEvents = [
  { type: 'user.chooseMode', mode: 'auto' },
  { type: 'user.chooseMode', mode: 'manual' },
  { type: 'user.toggleAutoTile', tileId: 7 },
  { type: 'user.typeAmount', text: '1' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.done.actor.loadActiveGame', output: null },
  { type: 'user.startAuto' },
  { type: 'autobet.bet', amountText: '1' },
  { type: 'xstate.done.actor.placeBet', output: answered({ success: true, balance: 9, errorMessage: null }) },
  { type: 'xstate.done.actor.placeBet', output: refused('Insufficient balance') },
  { type: 'xstate.done.actor.pick', output: answered(inPlay) },
  { type: 'xstate.done.actor.pick', output: answered({ success: true, isMine: true, gameState: 'GameOver', cashedOutAmount: 0, mineLocations: MINES }) },
  { type: 'xstate.done.actor.pick', output: refused('Game not found') },
  { type: 'xstate.done.actor.cashout', output: answered({ success: true, cashedOutAmount: 2, mineLocations: MINES, balance: 11, errorMessage: null }) },
  { type: 'xstate.error.actor.cashout', error: new Error('offline') },
  // The balance runs out (a bet is refused by §5), another currency interrupts the run (its limits are not known yet), a logout too.
  { type: 'wallet.changed', wallet: wallet('USDT', 0) },
  { type: 'wallet.changed', wallet: wallet('ETH', 10) },
  { type: 'auth.loggedOut' },
  // A reality check came up (machines/preferences): the run stops.
  { type: 'app.realityCheck' },
].map(event);

const serializeState = (s: AnyMachineSnapshot) => {
  const { wallet: w, limits: l, startSignedIn: _start, ...rest } = s.context as MinesContext;
  return JSON.stringify([s.value, w.currency, w.balance, l !== null, rest]);
};

const visitor: MinesInput = { wallet: wallet('USDT') };
const player: MinesInput = { signedIn: true, wallet: wallet('USDT') };

interface MinesSut extends GameSut {
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

/**
 * The game as the path played it, kept from the performed events alone: who is signed in, the
 * wallet, the amount and count chosen (with minBet = maxBet = 1, as both specs set them), the open
 * game's gems and pending tile, its end, and the balances the server settled. The mines screen's
 * spec (tests/components/mines.screenPaths.tsx) keeps the same reference.
 */
/** What a GameOver answer reveals: its bet and seed in instant reveal, nothing in classic mode. */
const revealedBy = (answer: { betId?: number; serverSeed?: string }) =>
  answer.betId !== undefined && answer.serverSeed ? { betId: answer.betId, serverSeed: answer.serverSeed } : null;

export function minesFacts(world: World) {
  const input = world.variant.input as MinesInput;
  let signedIn = input.signedIn ?? false;
  let currentWallet = input.wallet!;
  const balances: Array<{ currency: string; balance: number }> = [];
  let amountText = '';
  let minesCount = 3;
  let gems: number[] = [];
  let pending = null as number | null;
  let lastPick = null as number | null;
  let hitMine = null as number | null;
  let mines: number[] = [];
  let win = null as number | null;
  /** Instant reveal: the ended game's bet and seed, from its GameOver answer (null in classic mode). */
  let revealed = null as { betId: number; serverSeed: string } | null;
  let gameMines = 3;
  let loginsAsked = 0;
  let betsWhileVisitor = 0;
  // What the last press of Bet was checked with (docs/product.md §5).
  let betPressed = { amountText: '', wallet: currentWallet };
  let mode = 'manual' as 'manual' | 'auto';
  let autoTiles: number[] = [];
  /** The picks left in a round a run placed; null in a round the player plays. */
  let autoPicks: number[] | null = null;
  let autoBetPending = false;
  /** The last game was cashed out in Auto mode: its result shows without the win popup. */
  let wonInAuto = false;
  const limits = limitsFacts(world);
  /** docs/product.md §5 for a player with minBet = maxBet = 1; null while the limits are unknown. */
  const check = (limitsKnown: boolean): string | 'ok' | null => {
    const amount = Number(amountText || 0);
    if (currentWallet.currency === 'ACC') return BET_MESSAGES.accNotAvailable;
    if (!limitsKnown) return null;
    if (amount <= 0) return BET_MESSAGES.notPositive;
    if (amount > currentWallet.balance) return BET_MESSAGES.aboveBalance;
    if (amount < 1) return BET_MESSAGES.belowMin(`1.00000000 ${currentWallet.currency}`);
    if (amount > 1) return BET_MESSAGES.aboveMax(`1.00000000 ${currentWallet.currency}`);
    return 'ok';
  };
  let roundTiles: number[] = [];
  let roundBet = 0;
  /** What the autobet child of the current Auto session was told, in order. */
  let autobetGot: AnyEvent[] = [];
  const tellAutobet = (told: Record<string, unknown>) => {
    if (mode === 'auto') autobetGot.push(told as AnyEvent);
  };
  const nextAutoPick = () => {
    if (autoPicks && autoPicks.length > 0) {
      pending = autoPicks[0]!;
      lastPick = pending;
      autoPicks = autoPicks.slice(1);
    }
  };
  world.performed.forEach((e, index) => {
    const limitsKnown = limits.before(index) === 'known';
    switch (e.type) {
      case 'user.chooseMode':
        if (e['mode'] !== mode) {
          mode = e['mode'] as 'manual' | 'auto';
          autobetGot = [];
        }
        break;
      case 'user.toggleAutoTile': {
        const tile = e['tileId'] as number;
        autoTiles = autoTiles.includes(tile) ? autoTiles.filter((t) => t !== tile) : [...autoTiles, tile];
        break;
      }
      case 'user.startAuto':
        // A visitor gets the login modal; then tiles must be chosen; then the checks of Bet.
        if (mode !== 'auto') break;
        betPressed = { amountText, wallet: currentWallet };
        if (!signedIn) loginsAsked += 1;
        else if (autoTiles.length > 0 && check(limitsKnown) === 'ok') {
          tellAutobet({ type: 'game.start', start: { amountText, fiatRate: null, limits: LIMITS }, currency: currentWallet.currency });
        }
        break;
      case 'autobet.bet': {
        if (mode !== 'auto') break;
        amountText = e['amountText'] as string;
        betPressed = { amountText, wallet: currentWallet };
        if (!signedIn) {
          tellAutobet({ type: 'game.refused', message: 'Logged out' });
          break;
        }
        const verdict = check(limitsKnown);
        if (verdict === null) tellAutobet({ type: 'game.refused', message: MESSAGES.betFailed });
        else if (verdict !== 'ok') tellAutobet({ type: 'game.refused', message: verdict });
        else {
          // The round picks the tiles chosen when its bet went out.
          autoBetPending = true;
          roundTiles = [...autoTiles];
        }
        break;
      }
      case 'auth.loggedIn':
        signedIn = true;
        break;
      case 'app.realityCheck':
        tellAutobet({ type: 'game.interrupted', reason: 'Reality check' });
        break;
      case 'auth.loggedOut':
        signedIn = false;
        tellAutobet({ type: 'game.interrupted', reason: 'Logged out' });
        autoPicks = null;
        gems = [];
        hitMine = null;
        mines = [];
        win = null;
        revealed = null;
        break;
      case 'wallet.changed': {
        const next = e['wallet'] as typeof currentWallet;
        if (next.currency !== currentWallet.currency) tellAutobet({ type: 'game.interrupted', reason: 'Wallet changed' });
        currentWallet = next;
        break;
      }
      case 'user.typeAmount':
        amountText = e['text'] as string;
        break;
      // docs/product.md §5 with minBet = maxBet = 1: half is at least minBet, double at most maxBet, neither above the balance.
      case 'user.halveAmount':
        amountText = currentWallet.balance >= 1 ? '1' : '0';
        break;
      case 'user.doubleAmount':
        amountText = Number(amountText || 0) > 0 && currentWallet.balance >= 1 ? '1' : '0';
        break;
      case 'user.setMinesCount':
        minesCount = e['count'] as number;
        break;
      case 'user.bet':
        betPressed = { amountText, wallet: currentWallet };
        if (!signedIn) {
          loginsAsked += 1;
          betsWhileVisitor += 1;
        }
        break;
      case 'xstate.done.actor.loadActiveGame': {
        const game = e['output'] as { minesCount: number; selectedTiles: number[]; betAmount: number } | null;
        if (game) {
          gems = [...game.selectedTiles];
          gameMines = game.minesCount;
          minesCount = game.minesCount;
          amountText = String(game.betAmount);
        }
        break;
      }
      case 'xstate.done.actor.placeBet':
        if ((e['output'] as { kind: string }).kind === 'answered') {
          balances.push({ currency: currentWallet.currency, balance: (e['output'] as { answer: { balance: number } }).answer.balance });
          gems = [];
          hitMine = null;
          mines = [];
          win = null;
          revealed = null;
          gameMines = minesCount;
          roundBet = Number(betPressed.amountText);
          if (autoBetPending) {
            autoPicks = [...roundTiles];
            nextAutoPick();
          }
        } else tellAutobet({ type: 'game.refused', message: (e['output'] as { message: string }).message });
        autoBetPending = false;
        break;
      case 'user.pick':
        pending = e['tileId'] as number;
        lastPick = pending;
        break;
      case 'xstate.done.actor.pick': {
        const outcome = e['output'] as { kind: string; answer?: { isMine: boolean; gameState: string; cashedOutAmount: number; mineLocations: number[] | null; betId?: number; serverSeed?: string } };
        pending = null;
        if (outcome.kind === 'answered') {
          const answer = outcome.answer!;
          if (answer.isMine) hitMine = lastPick;
          else gems.push(lastPick!);
          if (answer.gameState === 'GameOver') {
            mines = answer.mineLocations ?? [];
            revealed = revealedBy(answer);
            win = answer.isMine ? null : answer.cashedOutAmount;
            wonInAuto = mode === 'auto';
            if (autoPicks !== null) tellAutobet({ type: 'game.settled', wager: roundBet, payout: answer.isMine ? 0 : answer.cashedOutAmount });
            autoPicks = null;
          } else nextAutoPick();
        } else if (autoPicks !== null) {
          tellAutobet({ type: 'game.refused', message: (outcome as { message?: string }).message || MESSAGES.betFailed });
          autoPicks = null;
        }
        break;
      }
      case 'xstate.error.actor.pick':
        pending = null;
        if (autoPicks !== null) tellAutobet({ type: 'game.refused', message: MESSAGES.betFailed });
        autoPicks = null;
        break;
      case 'xstate.done.actor.cashout': {
        const outcome = e['output'] as { kind: string; answer?: { cashedOutAmount: number; mineLocations: number[]; betId?: number; serverSeed?: string }; message?: string };
        if (outcome.kind === 'answered') {
          mines = outcome.answer!.mineLocations;
          win = outcome.answer!.cashedOutAmount;
          revealed = revealedBy(outcome.answer!);
          wonInAuto = mode === 'auto';
          if (autoPicks !== null) tellAutobet({ type: 'game.settled', wager: roundBet, payout: win });
        } else if (autoPicks !== null) tellAutobet({ type: 'game.refused', message: outcome.message || MESSAGES.cashoutRefused });
        autoPicks = null;
        break;
      }
      case 'xstate.error.actor.cashout':
        if (autoPicks !== null) tellAutobet({ type: 'game.refused', message: MESSAGES.cashoutError });
        autoPicks = null;
        break;
    }
    // A new setting after a game clears the board (docs/product.md §4).
    if (['user.typeAmount', 'user.halveAmount', 'user.doubleAmount', 'user.setMinesCount'].includes(e.type) && (hitMine !== null || win !== null)) {
      gems = [];
      hitMine = null;
      mines = [];
      win = null;
      revealed = null;
    }
  });
  return { signedIn, wallet: currentWallet, amountText, minesCount, gems, pending, hitMine, mines, win, revealed, gameMines, loginsAsked, betsWhileVisitor, betPressed, balances, mode, autoTiles, autobetGot, wonInAuto };
}

const snap = (sut: MinesSut) => sut.snapshot() as Parameters<typeof selectTiles>[0];

/** Every tile face follows from the gems found, the pending pick and, at game over, the mines. */
function expectBoard(sut: MinesSut, world: World, over: boolean) {
  const f = minesFacts(world);
  const faces = selectTiles(snap(sut));
  for (const tile of faces) {
    const expected =
      tile.id === f.pending
        ? 'pending'
        : f.gems.includes(tile.id)
          ? 'gem'
          : tile.id === f.hitMine
            ? 'mine'
            : over
              ? f.mines.includes(tile.id)
                ? 'hiddenMine'
                : 'hiddenGem'
              : 'hidden';
    expect(tile.face, `tile ${tile.id}`).toBe(expected);
  }
  expect(selectGemsFound(snap(sut))).toBe(f.gems.length);
}

const noMessage = (sut: MinesSut) => expect(selectMessage(snap(sut))).toBeNull();
const waitingFor = (sut: MinesSut, id: string) => expect(sut.effects.waiting(id), `a ${id} request is waiting`).toBeDefined();

export const minesPaths: PathSpec<MinesSut> = {
  name: 'mines',
  machine: minesMachine,
  variants: [
    { name: 'visitor, limits', input: visitor, events: limitsEvents, serializeState },
    { name: 'visitor, betting', input: visitor, events: bettingEvents, serializeState },
    { name: 'player, betting', input: player, events: bettingEvents, serializeState },
    { name: 'player, playing', input: player, events: playEvents, serializeState },
    // ACC selected before the screen opens: no limits are asked for.
    { name: 'player with ACC', input: { signedIn: true, wallet: wallet('ACC') }, events: [{ type: 'user.bet' }], serializeState },
    // A run asks for its next bet only once the last one is over, and tiles are chosen only then too (the board shows no game):
    // never while a game is fetched, placed or played.
    {
      name: 'player, auto',
      input: player,
      events: (snapshot: AnyMachineSnapshot) =>
        autoEvents.filter(
          (e) => !['autobet.bet', 'user.toggleAutoTile'].includes(e.type) || ['idle', 'refused', 'failed', 'roundOver'].some((state) => snapshot.matches({ round: state })),
        ),
      serializeState,
    },
  ],
  // The kit's first branches (a visitor presses Start autobet, or a run asks for a bet after a logout) in states a logout always leaves for idle.
  unreachable: Object.fromEntries(
    ['refused', 'failed', 'roundOver'].flatMap((state) =>
      ['auto.start', 'auto.place'].map((type) => [`#mines.round.${state} on ${type} #0`, 'a logout takes the round to idle, so no visitor is here']),
    ),
  ),
  start(world) {
    const effects = new FakeEffects();
    // The Auto mode's child records what the game tells it (the run itself is tested in autobet.paths.ts).
    const autobet = fromCallback<AnyEvent>(({ receive }) => receive((told) => effects.record('autobet', told)));
    const machine = minesMachine.provide({ actors: { ...effects.actors(['loadLimits', 'loadActiveGame', 'placeBet', 'pick', 'cashout']), autobet } as never });
    const system = runInSystem(machine, { input: world.variant.input as MinesInput, clock: world.clock, systemId: 'mines' });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as MinesEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    ...gameKitOracles<MinesSut>('mines'),
    '#mines.limits.unavailable': {
      asserts: 'the limits request failed and none is waiting; Bet is enabled (it asks again)',
      check(sut) {
        notWaitingFor(sut, 'loadLimits');
        expect(selectCanBet(snap(sut))).toBe(true);
      },
    },
    '#mines': {
      asserts: 'the wallet is the one last selected; the login modal was asked for once per Bet of a visitor, and no bet was sent for one; each balance the server settled reached the wallet',
      check(sut, world) {
        const f = minesFacts(world);
        if (!f.signedIn && world.performed.every((e) => e.type !== 'auth.loggedIn')) expect(sut.effects.callsOf('placeBet')).toEqual([]);
        expect((sut.snapshot().context as MinesContext).wallet).toEqual(f.wallet);
        expect(sut.sentTo('modals').filter((e) => e.type === loginModal.type)).toHaveLength(f.loginsAsked);
        const balances = sut.sentTo('wallet').filter((e) => e.type === 'game.balanceUpdated');
        expect(balances.length).toBeGreaterThanOrEqual(f.balances.length);
      },
    },
    '#mines.mode.manual': {
      asserts: 'Manual: no Auto panel and no run',
      check(sut) {
        expect(selectIsAuto(snap(sut))).toBe(false);
        expect(selectAutobet(snap(sut))).toBeUndefined();
      },
    },
    '#mines.mode.auto': {
      asserts:
        'Auto: the panel shows with its run and the tiles chosen, in order; the run was told, in order, of each Start autobet with tiles chosen, how each round it placed ended (the stake and what the cash-out paid, 0 for a mine) and of a refused bet or a failed pick or cash-out, with its message',
      check(sut, world) {
        const f = minesFacts(world);
        expect(selectIsAuto(snap(sut))).toBe(true);
        expect(selectAutoTiles(snap(sut))).toEqual(f.autoTiles);
        const all = sut.effects.callsOf('autobet');
        expect(all.slice(all.length - f.autobetGot.length)).toEqual(f.autobetGot);
      },
    },
    '#mines.round.restoring': {
      asserts: "the player's open game is being fetched; the settings are locked and the board is fresh",
      check(sut, world) {
        waitingFor(sut, 'loadActiveGame');
        expect(selectSettingsLocked(snap(sut))).toBe(true);
        expectBoard(sut, world, false);
      },
    },
    '#mines.round.idle': {
      asserts: 'no game: a fresh board, no message, the settings editable, Bet enabled, no tile can be picked, Cashout disabled, nothing in flight',
      check(sut, world) {
        noMessage(sut);
        expect(selectSettingsLocked(snap(sut))).toBe(false);
        // A player's Bet waits for the limits; a visitor's opens the login modal at once.
        expect(selectCanBet(snap(sut))).toBe(!minesFacts(world).signedIn || !world.expected.matches({ limits: 'loading' }));
        expect(selectCanPick(0)(snap(sut))).toBe(false);
        expect(selectCanCashout(snap(sut))).toBe(false);
        expect(selectTiles(snap(sut)).every((t) => t.face === 'hidden')).toBe(true);
        expect(selectMinesCount(snap(sut))).toBe(minesFacts(world).minesCount);
        notWaitingFor(sut, 'placeBet', 'pick', 'cashout');
      },
    },
    '#mines.round.refused': {
      asserts: 'a §5 check refused the bet: its message shows, nothing was sent for it, the board is fresh',
      check(sut, world) {
        const f = minesFacts(world);
        const expected = f.wallet.currency === 'ACC' ? BET_MESSAGES.accNotAvailable : undefined;
        const message = selectMessage(snap(sut));
        expect(message).toBeTruthy();
        if (expected) expect(message).toBe(expected);
        notWaitingFor(sut, 'placeBet');
        // A refused bet leaves the last game's picks (and hit mine) on the board, the rest hidden.
        expectBoard(sut, world, false);
      },
    },
    '#mines.round.placing': {
      asserts: 'one bet request is waiting with the amount typed, the slider count and the selected currency; the settings are locked; no message',
      check(sut, world) {
        const f = minesFacts(world);
        expect(sut.effects.waiting('placeBet')?.input).toEqual({ betAmount: Number(f.amountText), minesCount: f.minesCount, currency: f.wallet.currency });
        expect(selectSettingsLocked(snap(sut))).toBe(true);
        expect(selectCanBet(snap(sut))).toBe(false);
        noMessage(sut);
      },
    },
    '#mines.round.failed': {
      asserts: "the server's refusal, or 'An error occurred while placing the bet.' without an answer, shows; Bet is enabled again",
      check(sut, world) {
        const last = world.performed.at(-1)!;
        const outcome = last['output'] as { kind: string; message?: string } | undefined;
        const expected = last.type === 'xstate.done.actor.placeBet' && outcome?.kind === 'refused' ? outcome.message : MESSAGES.betFailed;
        if (last.type.includes('placeBet')) expect(selectMessage(snap(sut))).toBe(expected);
        else expect(selectMessage(snap(sut))).toBeTruthy();
        expect(selectCanBet(snap(sut))).toBe(limitsFacts(world).now !== 'loading');
        expect(selectTiles(snap(sut)).every((t) => t.face === 'hidden')).toBe(true);
      },
    },
    '#mines.round.playing': {
      asserts: 'a game is open: the settings are locked at its count; Bet is disabled; the board shows exactly the gems found and the pending pick; no seed is revealed',
      check(sut, world) {
        expect(selectRevealedBet(snap(sut))).toBeNull();
        expect(selectSettingsLocked(snap(sut))).toBe(true);
        expect(selectCanBet(snap(sut))).toBe(false);
        expect(selectMinesCount(snap(sut))).toBe(minesFacts(world).gameMines);
        expectBoard(sut, world, false);
      },
    },
    '#mines.round.playing.ready': {
      asserts: 'hidden tiles can be picked, found gems cannot; Cashout is enabled only with at least one gem; nothing in flight; no message',
      check(sut, world) {
        const f = minesFacts(world);
        noMessage(sut);
        expect(f.pending).toBeNull();
        for (const id of [0, 1, 24]) expect(selectCanPick(id)(snap(sut)), `tile ${id}`).toBe(!f.gems.includes(id));
        expect(selectCanCashout(snap(sut))).toBe(f.gems.length > 0);
        notWaitingFor(sut, 'pick', 'cashout');
      },
    },
    '#mines.round.playing.revealing': {
      asserts: 'the picked tile shows pending and a pick request for it is waiting; no other move is possible',
      check(sut, world) {
        const f = minesFacts(world);
        expect(sut.effects.waiting('pick')?.input).toEqual({ tileId: f.pending });
        expect(selectCanCashout(snap(sut))).toBe(false);
        expect(selectCanPick(24)(snap(sut))).toBe(false);
      },
    },
    '#mines.round.playing.cashingOut': {
      asserts: 'a cash-out request is waiting; no tile can be picked and Cashout is disabled',
      check(sut) {
        waitingFor(sut, 'cashout');
        expect(selectCanPick(24)(snap(sut))).toBe(false);
        expect(selectCanCashout(snap(sut))).toBe(false);
      },
    },
    '#mines.round.playing.cashoutFailed': {
      asserts: "'Cashout failed. Please try again.' (refused) or 'An error occurred during cashout.' (no answer) shows; the game goes on and can still be cashed out",
      check(sut, world) {
        const last = world.performed.at(-1)!;
        if (last.type.endsWith('cashout')) {
          const expected = last.type === 'xstate.done.actor.cashout' ? MESSAGES.cashoutRefused : MESSAGES.cashoutError;
          expect(selectMessage(snap(sut))).toBe(expected);
        } else expect(selectMessage(snap(sut))).toBeTruthy();
        expect(selectCanCashout(snap(sut))).toBe(minesFacts(world).gems.length > 0);
      },
    },
    '#mines.round.roundOver': {
      asserts:
        'the game is over: every tile is revealed (picked gems, the hit mine, the rest as hidden gems and mines); in instant reveal its seed and bet show, in classic none; Bet is enabled; nothing in flight',
      check(sut, world) {
        expectBoard(sut, world, true);
        expect(selectRevealedBet(snap(sut))).toEqual(minesFacts(world).revealed);
        // A new currency's limits are still on their way (an Auto run was stopped by it): Bet waits for them.
        expect(selectCanBet(snap(sut))).toBe(limitsFacts(world).now !== 'loading');
        expect(selectCanPick(24)(snap(sut))).toBe(false);
        expect(selectCanCashout(snap(sut))).toBe(false);
        notWaitingFor(sut, 'pick', 'cashout', 'placeBet');
      },
    },
    '#mines.round.roundOver.busted': {
      asserts: 'a mine ended the game: no win popup; the wallet got the balance after the loss',
      check(sut, world) {
        expect(minesFacts(world).hitMine).not.toBeNull();
        expect(selectWinPopup(snap(sut))).toBeNull();
      },
    },
    '#mines.round.roundOver.cashedOut': {
      asserts: 'the game was cashed out: no mine was hit',
      check: (_sut, world) => expect(minesFacts(world).hitMine).toBeNull(),
    },
    '#mines.round.roundOver.cashedOut.celebrating': {
      asserts: 'the win popup shows the amount paid and the gems found; only for a game cashed out in Manual (an Auto round shows its result without it)',
      check(sut, world) {
        const f = minesFacts(world);
        expect(f.wonInAuto, 'a game cashed out in Auto mode has no win popup').toBe(false);
        const popup = selectWinPopup(snap(sut));
        expect(popup?.amount).toBe(f.win);
        expect(popup?.gems).toBe(f.gems.length);
      },
    },
    '#mines.round.roundOver.cashedOut.shown': {
      asserts: 'the popup has closed; the revealed board stays',
      check: (sut) => expect(selectWinPopup(snap(sut))).toBeNull(),
    },
  },
};
