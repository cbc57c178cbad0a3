import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { diceMachine } from '../../machines/dice/machine';
import type { DiceContext, DiceEvent, DiceInput } from '../../machines/dice/machine';
import {
  selectAmountText,
  selectAutobet,
  selectIsAuto,
  selectCanBet,
  selectCanHalveOrDouble,
  selectChance,
  selectChanceText,
  selectCurrencyNotBettable,
  selectIsPlacing,
  selectMaxPayout,
  selectMessage,
  selectMultiplier,
  selectMultiplierText,
  selectProfitOnWin,
  selectResult,
  selectResultText,
  selectRevealedBet,
  selectRingTone,
  selectTarget,
} from '../../machines/dice/selectors';
import { loginModal } from '../../machines/shared/messages';
import type { GameWallet } from '../../machines/shared/events';
import type { BetLimits } from '../../src/core/bets/validation';
import { doubleBet, halfBet } from '../../src/core/bets/validation';
import { clampChanceSlider, formatRoll, linkFromChance, linkFromMultiplier, profitOnWin } from '../../src/core/games/dice';
import { runInSystem } from '../support/actorSystem';
import { answered, refused } from '../support/games';
import { gameKitOracles, limitsFacts, notWaitingFor, withChecks } from '../support/gamePaths';
import type { GameSut } from '../support/gamePaths';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The dice screen's paths. The oracles read the selectors the screen renders, the requests the fakes
 * received and the events the wallet, the bets feed and the modals got, against a reference of the
 * form and the last roll kept from the performed events (`facts`), never from the machine's context.
 */

const wallet = (currency: string, balance = 0.5): GameWallet => ({ currency, balance, fiatRate: null });
const BTC = wallet('BTC');
// minBet = maxBet: half and double land on 0.01 whatever the amount, which bounds the model.
const LIMITS: BetLimits = { minBet: 0.01, maxBet: 0.01, maxPayout: 0.05 };
/** docs/product.md §8, letter for letter. */
const MESSAGES = {
  acc: 'ACC betting not available at this time',
  notPositive: 'Bet must be greater than 0',
  aboveBalance: "Can't bet more than balance",
  noResponse: 'error placing bet, please try again.',
  profitAbove: (max: number, currency: string) => `Profit on win must be less than ${max.toFixed(8)} ${currency}`,
};

interface Roll {
  balance: number;
  bet: { id: number; roll: number; wager: number; payout: number; multiplier: number; nonce: number; win: boolean; serverSeed?: string };
}
/** `serverSeed`: a bet in instant reveal, whose seed its answer reveals. */
const roll = (id: number, value: number, payout: number, serverSeed?: string): Roll => ({
  balance: 0.5 - 0.01 + payout,
  bet: { id, roll: value, wager: 0.01, payout, multiplier: 2, nonce: id, win: payout > 0, ...(serverSeed ? { serverSeed } : {}) },
});

const event = (e: Record<string, unknown>) => e as AnyEvent;
const limitsEvents = [
  { type: 'wallet.changed', wallet: wallet('ETH', 2) },
  { type: 'wallet.changed', wallet: wallet('ACC', 1) },
  { type: 'wallet.changed', wallet: wallet('BTC', 0.7) },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.error.actor.loadLimits', error: new Error('offline') },
  { type: 'user.bet' },
  { type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' },
].map(event);
const bettingEvents = [
  { type: 'user.typeAmount', text: '0' },
  { type: 'user.typeAmount', text: '0.01' },
  { type: 'user.halveAmount' },
  { type: 'user.doubleAmount' },
  { type: 'user.bet' },
  { type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' },
  { type: 'auth.loggedOut' },
  // The balance runs out: a bet of 0.01 is above it.
  { type: 'wallet.changed', wallet: wallet('BTC', 0) },
  { type: 'wallet.changed', wallet: wallet('BTC', 0.5) },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.done.actor.placeBet', output: answered(roll(1, 5.2, 0.02)) },
  { type: 'xstate.done.actor.placeBet', output: answered(roll(2, 77.01, 0, 'ab'.repeat(32))) },
  { type: 'xstate.done.actor.placeBet', output: refused("Can't bet more than balance") },
  { type: 'xstate.done.actor.placeBet', output: refused('') },
  { type: 'xstate.error.actor.placeBet', error: new Error('offline') },
  { type: 'user.slideChance', chance: 60 },
  { type: 'user.typeChance', text: '25' },
  { type: 'user.typeMultiplier', text: '3' },
  { type: 'xstate.after.inputDebounce.dice.form.awaitingClamp' },
].map(event);
const oddsEvents = [
  { type: 'user.typeAmount', text: '0.01' },
  { type: 'user.typeChance', text: '25' },
  // 99 × 0.01 − 0.01 pays more than maxPayout: check 6 refuses it.
  { type: 'user.typeChance', text: '1' },
  { type: 'user.typeChance', text: '99.5' },
  { type: 'user.typeMultiplier', text: '3' },
  { type: 'user.typeMultiplier', text: '' },
  { type: 'user.slideChance', chance: 1 },
  { type: 'user.toggleTarget' },
  { type: 'xstate.after.inputDebounce.dice.form.awaitingClamp' },
  { type: 'user.bet' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.done.actor.placeBet', output: answered(roll(3, 40, 0.0198)) },
].map(event);
/** A player who bets "over" at even money: under/over flips first, then the bet is made and answered with its wager back. */
const overEvents = (s: AnyMachineSnapshot): AnyEvent[] =>
  (s.context as DiceContext).target === 'under'
    ? [event({ type: 'user.toggleTarget' })]
    : [
        { type: 'user.typeAmount', text: '0.01' },
        { type: 'xstate.done.actor.loadLimits', output: LIMITS },
        { type: 'user.bet' },
        // The payout equals the wager: docs/product.md §4 counts it as a win.
        { type: 'xstate.done.actor.placeBet', output: answered(roll(4, 99.99, 0.01)) },
      ].map(event);

/**
 * Auto mode: the switch, Start autobet, and the bets a run asks for (sent here as its child would),
 * answered or refused; a new currency and a logout interrupt the run. The child is a recorder, so the
 * oracles read exactly what the game told it.
 */
const autoEvents = [
  { type: 'user.chooseMode', mode: 'auto' },
  { type: 'user.chooseMode', mode: 'manual' },
  { type: 'user.typeAmount', text: '0.01' },
  { type: 'user.typeAmount', text: '0' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'user.startAuto' },
  { type: 'autobet.bet', amountText: '0.01' },
  { type: 'xstate.done.actor.placeBet', output: answered(roll(5, 12.5, 0.02)) },
  { type: 'xstate.done.actor.placeBet', output: refused("Can't bet more than balance") },
  { type: 'xstate.error.actor.placeBet', error: new Error('offline') },
  { type: 'wallet.changed', wallet: wallet('ETH', 2) },
  // A new balance only: the run goes on; below 0.01 its next bet is refused by the §5 check, and it is told why.
  { type: 'wallet.changed', wallet: wallet('BTC', 0.005) },
  { type: 'wallet.changed', wallet: wallet('BTC', 0.5) },
  { type: 'auth.loggedOut' },
  // A reality check came up (machines/preferences): the run stops.
  { type: 'app.realityCheck' },
].map(event);
const serializeAuto = (s: AnyMachineSnapshot) => {
  const c = s.context as DiceContext;
  return JSON.stringify([s.value, c.amountText, c.wallet.currency, c.wallet.balance, c.message]);
};

/** Vertices: the states and what the guards read (the amount, the wallet); the odds only where the odds variant needs them. */
const serializeForm = (s: AnyMachineSnapshot) => {
  const c = s.context as DiceContext;
  return JSON.stringify([s.value, c.amountText, c.wallet.currency, c.wallet.balance]);
};
const serializeOdds = (s: AnyMachineSnapshot) => {
  const c = s.context as DiceContext;
  return JSON.stringify([s.value, c.amountText, c.chanceText, c.multiplierText, c.target]);
};

const visitor: DiceInput = { wallet: BTC };
const player: DiceInput = { signedIn: true, wallet: BTC };

interface DiceSut extends GameSut {
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

interface Request {
  betAmount: number;
  currency: string;
  chance: number;
  target: 'under' | 'over';
}

/**
 * The dice form as the path left it, from the performed events alone: the fields, the odds a bet
 * uses, the refusal or request the last Bet made, and what the wallet, feed and modals must have got.
 */
function facts(world: World) {
  const input = world.variant.input as DiceInput;
  const table = { signedIn: input.signedIn ?? false, wallet: input.wallet! };
  const limits = limitsFacts(world);
  let amountText = '';
  let chanceText = '';
  let multiplierText = '';
  let chance: number | null = null;
  let target: 'under' | 'over' = 'under';
  let loginsAsked = 0;
  let mode: 'manual' | 'auto' = 'manual';
  /** What the autobet child of the current Auto session was told, in order. */
  let autobetGot: AnyEvent[] = [];
  const tellAutobet = (told: Record<string, unknown>) => {
    if (mode === 'auto') autobetGot.push(told as AnyEvent);
  };
  /** docs/product.md §5 in order for a signed-in player; null while the limits are unknown (nothing can be checked). */
  const check = (amount: number, limitsKnown: boolean): string | 'ok' | null => {
    const multiplier = linkFromChance(chance ?? 49.5).multiplier;
    if (table.wallet.currency === 'ACC') return MESSAGES.acc;
    if (!limitsKnown) return null;
    if (amount <= 0) return MESSAGES.notPositive;
    if (amount > table.wallet.balance) return MESSAGES.aboveBalance;
    if (profitOnWin(amount, multiplier) > LIMITS.maxPayout) return MESSAGES.profitAbove(LIMITS.maxPayout, table.wallet.currency);
    return 'ok';
  };
  let lastRefusal: string | null = null;
  let lastRequest: Request | null = null;
  /** What shows under the ring: a refusal or failure message, the last roll, or nothing. */
  let screen = null as { message: string } | { roll: Roll } | null;
  const balances: Array<{ type: string; currency: string; balance: number }> = [];
  const bets: Array<{ type: string; bet: unknown }> = [];
  world.performed.forEach((e, i) => {
    const limitsKnown = limits.before(i) === 'known';
    switch (e.type) {
      case 'auth.loggedIn':
        table.signedIn = true;
        break;
      case 'auth.loggedOut':
        table.signedIn = false;
        tellAutobet({ type: 'game.interrupted', reason: 'Logged out' });
        break;
      case 'app.realityCheck':
        tellAutobet({ type: 'game.interrupted', reason: 'Reality check' });
        break;
      case 'wallet.changed': {
        const next = e['wallet'] as GameWallet;
        if (next.currency !== table.wallet.currency || (next.fiatRate === null) !== (table.wallet.fiatRate === null)) {
          tellAutobet({ type: 'game.interrupted', reason: 'Wallet changed' });
        }
        table.wallet = next;
        break;
      }
      case 'user.chooseMode':
        if (e['mode'] !== mode) {
          mode = e['mode'] as 'manual' | 'auto';
          autobetGot = [];
        }
        break;
      case 'user.startAuto': {
        if (!table.signedIn) {
          loginsAsked += 1;
          break;
        }
        if (mode !== 'auto') break;
        const verdict = check(Number(amountText || 0), limitsKnown);
        if (verdict === 'ok') {
          tellAutobet({ type: 'game.start', start: { amountText, fiatRate: table.wallet.fiatRate, limits: LIMITS }, currency: table.wallet.currency });
        } else if (verdict !== null) {
          lastRefusal = verdict;
          screen = { message: verdict };
        }
        break;
      }
      case 'autobet.bet': {
        if (mode !== 'auto') break;
        // The field shows each amount the run asks for.
        amountText = e['amountText'] as string;
        if (!table.signedIn) {
          tellAutobet({ type: 'game.refused', message: 'Logged out' });
          break;
        }
        const verdict = check(Number(amountText), limitsKnown);
        if (verdict === null) tellAutobet({ type: 'game.refused', message: MESSAGES.noResponse });
        else if (verdict === 'ok') {
          lastRefusal = null;
          lastRequest = { betAmount: Number(amountText), currency: table.wallet.currency, chance: chance ?? 49.5, target };
          screen = null;
        } else {
          lastRefusal = verdict;
          screen = { message: verdict };
          tellAutobet({ type: 'game.refused', message: verdict });
        }
        break;
      }
      case 'user.typeAmount':
        amountText = e['text'] as string;
        // A new amount clears a refusal, not a failure nor a roll.
        if (lastRefusal !== null && screen && 'message' in screen && screen.message === lastRefusal) screen = null;
        break;
      case 'user.halveAmount':
      case 'user.doubleAmount':
        if (limitsKnown) {
          if (lastRefusal !== null && screen && 'message' in screen && screen.message === lastRefusal) screen = null;
          const bounds = { minBet: LIMITS.minBet, maxBet: LIMITS.maxBet, balance: table.wallet.balance };
          const amount = Number(amountText || 0);
          amountText = String(e.type === 'user.halveAmount' ? halfBet(amount, bounds) : doubleBet(amount, bounds));
        }
        break;
      case 'user.typeChance': {
        // docs/product.md §4: moving the chance resets the ring, clears the roll and any message.
        screen = null;
        chanceText = e['text'] as string;
        const odds = chanceText === '' ? null : linkFromChance(Number(chanceText));
        chance = odds?.chance ?? null;
        multiplierText = odds ? String(odds.multiplier) : '';
        break;
      }
      case 'user.typeMultiplier': {
        // docs/product.md §4: moving the chance resets the ring, clears the roll and any message.
        screen = null;
        multiplierText = e['text'] as string;
        const odds = multiplierText === '' ? null : linkFromMultiplier(Number(multiplierText));
        chance = odds?.chance ?? null;
        chanceText = odds ? String(odds.chance) : '';
        break;
      }
      case 'user.slideChance': {
        // docs/product.md §4: moving the chance resets the ring, clears the roll and any message.
        screen = null;
        const odds = linkFromChance(clampChanceSlider(e['chance'] as number));
        chance = odds.chance;
        chanceText = String(odds.chance);
        multiplierText = String(odds.multiplier);
        break;
      }
      case 'xstate.after.inputDebounce.dice.form.awaitingClamp': {
        const odds = chance === null ? null : linkFromChance(chance);
        chanceText = odds ? String(odds.chance) : '';
        multiplierText = odds ? String(odds.multiplier) : '';
        break;
      }
      case 'user.toggleTarget':
        target = target === 'under' ? 'over' : 'under';
        break;
      case 'user.bet': {
        if (!table.signedIn) {
          loginsAsked += 1;
          break;
        }
        const amount = Number(amountText || 0);
        const betChance = chance ?? 49.5;
        const multiplier = linkFromChance(betChance).multiplier;
        // docs/product.md §5 in order; the amounts here are 0, 0.01 and 0.005, never below minBet nor in fiat.
        // While the limits are unknown nothing can be checked: the screen stays as it was.
        if (table.wallet.currency !== 'ACC' && !limitsKnown) break;
        if (table.wallet.currency === 'ACC') lastRefusal = MESSAGES.acc;
        else if (amount <= 0) lastRefusal = MESSAGES.notPositive;
        else if (amount > table.wallet.balance) lastRefusal = MESSAGES.aboveBalance;
        else if (profitOnWin(amount, multiplier) > LIMITS.maxPayout) lastRefusal = MESSAGES.profitAbove(LIMITS.maxPayout, table.wallet.currency);
        else {
          lastRefusal = null;
          lastRequest = { betAmount: amount, currency: table.wallet.currency, chance: betChance, target };
        }
        screen = lastRefusal === null ? null : { message: lastRefusal };
        break;
      }
      case 'xstate.done.actor.placeBet': {
        const outcome = e['output'] as { kind: string; answer?: Roll; message?: string };
        screen = outcome.kind === 'answered' ? { roll: outcome.answer! } : { message: outcome.kind === 'refused' && outcome.message ? outcome.message : MESSAGES.noResponse };
        if (outcome.kind === 'answered') tellAutobet({ type: 'game.settled', wager: outcome.answer!.bet.wager, payout: outcome.answer!.bet.payout });
        else tellAutobet({ type: 'game.refused', message: (screen as { message: string }).message });
        if (outcome.kind === 'answered' && lastRequest) {
          const { bet, balance } = outcome.answer!;
          balances.push({ type: 'game.balanceUpdated', currency: lastRequest.currency, balance });
          bets.push({
            type: 'game.betPlaced',
            bet: { id: String(bet.id), gameName: 'Dice', wager: bet.wager, currency: lastRequest.currency, multiplier: Math.round((bet.payout / bet.wager) * 10_000) / 10_000, payout: bet.payout },
          });
        }
        break;
      }
      case 'xstate.error.actor.placeBet':
        screen = { message: MESSAGES.noResponse };
        tellAutobet({ type: 'game.refused', message: MESSAGES.noResponse });
        break;
    }
  });
  const lastAnswer = [...world.performed].reverse().find((e) => e.type.endsWith('actor.placeBet'));
  return { ...table, mode, autobetGot, screen: screen as { message: string } | { roll: Roll } | null, limits: limits.now, amountText, chanceText, multiplierText, chance, target, loginsAsked, lastRefusal, lastRequest, balances, bets, lastAnswer };
}

const snap = (sut: DiceSut) => sut.snapshot() as Parameters<typeof selectMessage>[0];
const noResult = (sut: DiceSut) => {
  expect(selectResult(snap(sut))).toBeNull();
  expect(selectResultText(snap(sut))).toBeNull();
  expect(selectRingTone(snap(sut))).toBe('primary');
};

export const dicePaths: PathSpec<DiceSut> = {
  name: 'dice',
  machine: diceMachine,
  variants: [
    { name: 'player betting over', input: player, events: overEvents, serializeState: serializeOdds },
    { name: 'visitor, limits', input: visitor, events: limitsEvents, serializeState: serializeForm },
    { name: 'visitor, betting', input: visitor, events: bettingEvents, serializeState: serializeForm },
    { name: 'player, odds', input: player, events: oddsEvents, serializeState: serializeOdds },
    // ACC selected before the screen opens: no limits are asked for.
    { name: 'player with ACC', input: { signedIn: true, wallet: wallet('ACC', 1) }, events: [event({ type: 'user.bet' })] },
    { name: 'player, auto', input: player, events: autoEvents, serializeState: serializeAuto },
    { name: 'visitor, auto', input: visitor, events: [event({ type: 'user.chooseMode', mode: 'auto' }), event({ type: 'user.startAuto' })] },
  ],
  start(world) {
    const effects = new FakeEffects();
    // The Auto mode's child records what the game tells it (the run itself is tested in autobet.paths.ts).
    const autobet = fromCallback<AnyEvent>(({ receive }) => receive((told) => effects.record('autobet', told)));
    const machine = diceMachine.provide({ actors: { ...effects.actors(['loadLimits', 'placeBet']), autobet } as never });
    const system = runInSystem(machine, { input: world.variant.input as DiceInput, clock: world.clock, systemId: 'dice' });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as DiceEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    ...gameKitOracles<DiceSut>('dice'),
    '#dice.limits.known': withChecks(gameKitOracles<DiceSut>('dice')['#dice.limits.known']!, {
      asserts: 'the max payout shows the limits answered; ½ and 2× are enabled',
      check(sut) {
        expect(selectMaxPayout(snap(sut))).toBe(LIMITS.maxPayout);
        expect(selectCanHalveOrDouble(snap(sut))).toBe(true);
      },
    }),
    '#dice.limits.notBettable': withChecks(gameKitOracles<DiceSut>('dice')['#dice.limits.notBettable']!, {
      asserts: 'the max payout shows a dash; ½ and 2× are disabled',
      check(sut) {
        expect(selectCurrencyNotBettable(snap(sut))).toBe(true);
        expect(selectMaxPayout(snap(sut))).toBeNull();
        expect(selectCanHalveOrDouble(snap(sut))).toBe(false);
      },
    }),
    '#dice': {
      asserts:
        'the amount, chance and multiplier fields, the odds a bet uses, its profit on win and under/over follow what was typed; the message or roll under the ring is the last one not cleared since (a new amount clears a refusal, moving the chance clears all); the login modal was asked for once per Bet of a visitor; the wallet got each settled balance and the bets feed each settled bet, nothing else',
      check(sut, world) {
        const f = facts(world);
        const s = snap(sut);
        expect(selectAmountText(s)).toBe(f.amountText);
        expect(selectChanceText(s)).toBe(f.chanceText);
        expect(selectMultiplierText(s)).toBe(f.multiplierText);
        expect(selectChance(s)).toBe(f.chance ?? 49.5);
        expect(selectMultiplier(s)).toBe(linkFromChance(f.chance ?? 49.5).multiplier);
        expect(selectProfitOnWin(s)).toBe(profitOnWin(Number(f.amountText || 0), linkFromChance(f.chance ?? 49.5).multiplier));
        expect(selectTarget(s)).toBe(f.target);
        expect(selectMessage(s)).toBe(f.screen && 'message' in f.screen ? f.screen.message : null);
        expect(selectResultText(s)).toBe(f.screen && 'roll' in f.screen ? formatRoll(f.screen.roll.bet.roll) : null);
        expect(selectCurrencyNotBettable(s)).toBe(f.wallet.currency === 'ACC');
        if (f.limits !== 'known') expect(selectCanHalveOrDouble(s)).toBe(false);
        expect(sut.sentTo('modals')).toEqual(Array.from({ length: f.loginsAsked }, () => loginModal));
        expect(sut.sentTo('wallet')).toEqual(f.balances);
        expect(sut.sentTo('betsFeed')).toEqual(f.bets);
        if (!(world.variant.input as DiceInput).signedIn && world.performed.every((e) => e.type !== 'auth.loggedIn')) expect(sut.effects.callsOf('placeBet')).toEqual([]);
      },
    },
    '#dice.mode.manual': {
      asserts: 'Manual: no Auto panel and no run; Bet places one bet',
      check(sut) {
        expect(selectIsAuto(snap(sut))).toBe(false);
        expect(selectAutobet(snap(sut))).toBeUndefined();
      },
    },
    '#dice.mode.auto': {
      asserts:
        'Auto: the panel shows with its run; the run was told, in order, of each accepted Start autobet (the amount as typed, the display and the limits), how each bet ended (answered with its wager and payout, refused with the message on screen) and of a new wallet or a logout; a bet it asked for was sent with its amount, or refused with the §5 message',
      check(sut, world) {
        const f = facts(world);
        expect(selectIsAuto(snap(sut))).toBe(true);
        expect(selectAutobet(snap(sut))).toBeDefined();
        const all = sut.effects.callsOf('autobet');
        expect(all.slice(all.length - f.autobetGot.length)).toEqual(f.autobetGot);
      },
    },
    '#dice.form.settled': {
      asserts: 'no clamp is pending: the fields show the clamped, linked odds (or the placeholders)',
      check(sut, world) {
        const f = facts(world);
        if (f.chance !== null) expect(Number(selectChanceText(snap(sut)))).toBe(f.chance);
      },
    },
    '#dice.form.awaitingClamp': {
      asserts: 'the field being typed shows the text as typed until 2 s pass; the other already follows it',
      check(sut, world) {
        const last = [...world.performed].reverse().find((e) => e.type === 'user.typeChance' || e.type === 'user.typeMultiplier')!;
        const field = last.type === 'user.typeChance' ? selectChanceText : selectMultiplierText;
        expect(field(snap(sut))).toBe(last['text']);
      },
    },
    '#dice.round.idle': {
      asserts: 'no roll and no message: the ring has the primary colour; Bet is enabled unless a player waits for the limits; nothing in flight',
      check(sut, world) {
        const f = facts(world);
        expect(selectMessage(snap(sut))).toBeNull();
        noResult(sut);
        expect(selectIsPlacing(snap(sut))).toBe(false);
        expect(selectCanBet(snap(sut))).toBe(!f.signedIn || f.limits !== 'loading');
        notWaitingFor(sut, 'placeBet');
      },
    },
    '#dice.round.placing': {
      asserts: 'one bet request is waiting with the amount typed, the selected currency, the odds and under/over; Bet is disabled; no message, no roll',
      check(sut, world) {
        const f = facts(world);
        expect(sut.effects.waiting('placeBet')?.input).toEqual(f.lastRequest);
        expect(sut.effects.callsOf('placeBet').at(-1)).toEqual(f.lastRequest);
        expect(selectIsPlacing(snap(sut))).toBe(true);
        expect(selectCanBet(snap(sut))).toBe(false);
        expect(selectMessage(snap(sut))).toBeNull();
        noResult(sut);
      },
    },
    '#dice.round.refused': {
      asserts: 'the first §5 check that fails shows its message (docs/product.md §8); nothing was sent for it; no roll',
      check(sut, world) {
        const f = facts(world);
        expect(selectMessage(snap(sut))).toBe(f.lastRefusal);
        notWaitingFor(sut, 'placeBet');
        noResult(sut);
        // A new currency's limits are still on their way: Bet waits for them.
        expect(selectCanBet(snap(sut))).toBe(f.limits !== 'loading');
      },
    },
    '#dice.round.failed': {
      asserts: "the server's error, or 'error placing bet, please try again.' without an answer (or words), shows; Bet is enabled unless a new currency's limits are loading; no roll",
      check(sut, world) {
        const outcome = facts(world).lastAnswer!['output'] as { kind: string; message?: string } | undefined;
        const expected = outcome?.kind === 'refused' && outcome.message ? outcome.message : MESSAGES.noResponse;
        expect(selectMessage(snap(sut))).toBe(expected);
        noResult(sut);
        // A new currency's limits are still on their way (an Auto run was stopped by it): Bet waits for them.
        expect(selectCanBet(snap(sut))).toBe(facts(world).limits !== 'loading');
        notWaitingFor(sut, 'placeBet');
      },
    },
    '#dice.round.roundOver': {
      asserts: 'the roll answered shows as docs/product.md §2 writes it (05.20); no message; Bet is enabled unless a new currency\'s limits are loading',
      check(sut, world) {
        const answer = (facts(world).lastAnswer!['output'] as { answer: Roll }).answer;
        expect(selectResultText(snap(sut))).toBe(formatRoll(answer.bet.roll));
        expect(selectResult(snap(sut))).toMatchObject({ roll: answer.bet.roll, wager: answer.bet.wager, payout: answer.bet.payout });
        // Instant reveal: the bet's revealed seed shows with it, to verify at once; a classic bet shows none.
        expect(selectRevealedBet(snap(sut))).toEqual(answer.bet.serverSeed ? { betId: answer.bet.id, serverSeed: answer.bet.serverSeed } : null);
        expect(selectMessage(snap(sut))).toBeNull();
        expect(selectCanBet(snap(sut))).toBe(facts(world).limits !== 'loading');
      },
    },
    '#dice.round.roundOver.won': {
      asserts: 'the payout is at least the wager: the ring is green',
      check(sut, world) {
        const { bet } = (facts(world).lastAnswer!['output'] as { answer: Roll }).answer;
        expect(bet.payout).toBeGreaterThanOrEqual(bet.wager);
        expect(selectRingTone(snap(sut))).toBe('win');
      },
    },
    '#dice.round.roundOver.lost': {
      asserts: 'the payout is below the wager: the ring is red',
      check(sut, world) {
        const { bet } = (facts(world).lastAnswer!['output'] as { answer: Roll }).answer;
        expect(bet.payout).toBeLessThan(bet.wager);
        expect(selectRingTone(snap(sut))).toBe('loss');
      },
    },
  },
};

