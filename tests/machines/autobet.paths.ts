import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { autobetMachine } from '../../machines/autobet/machine';
import type { AutobetEvent } from '../../machines/autobet/machine';
import { selectCount, selectIsFinishing, selectLinkDown, selectIsRunning, selectNetText, selectSettings, selectStartBlocked, selectStopReason } from '../../machines/autobet/selectors';
import type { AutobetSettings } from '../../src/core/bets/autobet';
import { runInSystem } from '../support/actorSystem';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The autobet's paths. It runs as the child of a stand-in game (the parent records every bet it is
 * asked to place); the oracles read what the Auto panel shows (running, count, net profit, why it
 * stopped) and the amounts asked for, against a reference run kept here from the performed events:
 * plain arithmetic on the rules of docs/product.md §4, not src/core's functions nor the machine's context.
 */

const LIMITS = { minBet: 0.001, maxBet: 0.03, maxPayout: 1 };
const START = { type: 'game.start', start: { amountText: '0.01', fiatRate: null, limits: LIMITS }, currency: 'BTC' };
/** Three bets at most, doubled after a loss (up to maxBet 0.03), back to 0.01 after a win; stop at +0.015 or −0.025. */
const SETTINGS: AutobetSettings = {
  bets: '3',
  onWin: 'reset',
  onWinPercent: '100',
  onLoss: 'increase',
  onLossPercent: '100',
  stopProfit: '0.015',
  stopLoss: '0.025',
};

const events = [
  { type: 'live.up', atStart: false },
  START,
  { type: 'game.settled', wager: 0.01, payout: 0.0198 },
  { type: 'game.settled', wager: 0.01, payout: 0.03 },
  { type: 'game.settled', wager: 0.02, payout: 0 },
  { type: 'game.settled', wager: 0.01, payout: 0 },
  { type: 'game.refused', message: "Can't bet more than balance" },
  { type: 'game.interrupted', reason: 'Wallet changed' },
  { type: 'live.lost' },
  { type: 'user.stop' },
  { type: 'xstate.after.betPause.autobet.run.running.pausing' },
  { type: 'user.typeBets', text: 'ten' },
  { type: 'user.typeBets', text: '3' },
  { type: 'user.chooseOnLoss', adjust: 'reset' },
  { type: 'user.chooseOnLoss', adjust: 'increase' },
] as AnyEvent[];

/** The other settings, each typed or chosen once (a run of them is the variant above). */
const settingEvents = [
  { type: 'user.chooseOnWin', adjust: 'increase' },
  { type: 'user.typeOnWinPercent', text: '50' },
  { type: 'user.typeOnLossPercent', text: '25' },
  { type: 'user.typeStopProfit', text: '1' },
  { type: 'user.typeStopLoss', text: '2' },
] as AnyEvent[];
const SETTING_OF: Record<string, keyof AutobetSettings> = {
  'user.typeBets': 'bets',
  'user.chooseOnWin': 'onWin',
  'user.typeOnWinPercent': 'onWinPercent',
  'user.chooseOnLoss': 'onLoss',
  'user.typeOnLossPercent': 'onLossPercent',
  'user.typeStopProfit': 'stopProfit',
  'user.typeStopLoss': 'stopLoss',
};

interface AutobetSut extends Sut {
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const round8 = (n: number) => Math.round(n * 1e8) / 1e8;
const plain = (n: number) => String(round8(n));

/** The run as the player should see it, and every amount the game should have been asked to bet. */
function facts(world: World) {
  const settings = { ...SETTINGS };
  let phase: 'idle' | 'betting' | 'pausing' | 'finishing' = 'idle';
  let linkUp = false;
  let started = false;
  let count = 0;
  let net = 0;
  let amount = 0;
  let reason: string | null = null;
  let pending: string | null = null;
  const asked: string[] = [];
  const bets = () => Number(settings.bets);
  const settle = (wager: number, payout: number) => {
    count += 1;
    net = round8(net + payout - wager);
    const won = payout >= wager;
    const rule = won ? settings.onWin : settings.onLoss;
    const next = rule === 'reset' ? 0.01 : amount * 2;
    amount = Math.min(Math.max(round8(next), LIMITS.minBet), LIMITS.maxBet);
  };
  for (const e of world.performed) {
    const setting = SETTING_OF[e.type];
    if (setting) {
      (settings as Record<string, string>)[setting] = (e['text'] ?? e['adjust']) as string;
      reason = null;
      continue;
    }
    switch (e.type) {
      case 'live.up':
        linkUp = true;
        break;
      case 'game.start':
        if (!linkUp) {
          reason = 'Live connection lost';
          break;
        }
        if (!/^\d+$/.test(settings.bets)) {
          reason = 'Number of bets must be a whole number from 0 to 100,000';
          break;
        }
        started = true;
        phase = 'betting';
        count = 0;
        net = 0;
        amount = 0.01;
        reason = null;
        asked.push(plain(amount));
        break;
      case 'game.settled': {
        const wager = e['wager'] as number;
        const payout = e['payout'] as number;
        settle(wager, payout);
        if (phase === 'finishing') {
          phase = 'idle';
          reason = pending;
          break;
        }
        if (count >= bets()) reason = `${count} ${count === 1 ? 'bet' : 'bets'} placed`;
        else if (net >= 0.015) reason = 'Stop on profit reached';
        else if (-net >= 0.025) reason = 'Stop on loss reached';
        phase = reason === null ? 'pausing' : 'idle';
        break;
      }
      case 'game.refused':
        reason = phase === 'finishing' ? pending : (e['message'] as string);
        phase = 'idle';
        break;
      case 'game.interrupted':
        reason = e['reason'] as string;
        phase = 'idle';
        break;
      case 'user.stop':
      case 'live.lost': {
        if (e.type === 'live.lost') linkUp = false;
        if (phase === 'idle') break;
        const why = e.type === 'user.stop' ? 'Stopped' : 'Live connection lost';
        if (phase === 'betting') {
          phase = 'finishing';
          pending = why;
        } else {
          phase = 'idle';
          reason = why;
        }
        break;
      }
      case 'xstate.after.betPause.autobet.run.running.pausing':
        phase = 'betting';
        asked.push(plain(amount));
        break;
    }
  }
  const netText = `${net > 0 ? '+' : net < 0 ? '-' : ''}${Math.abs(net).toFixed(8)} BTC`;
  return { settings, phase, started, count, netText, reason, asked, linkUp };
}

const snap = (sut: AutobetSut) => sut.snapshot() as Parameters<typeof selectIsRunning>[0];
const askedOf = (sut: AutobetSut) => sut.sentTo('parent').filter((e) => e.type === 'autobet.bet').map((e) => (e as unknown as { amountText: string }).amountText);

export const autobetPaths: PathSpec<AutobetSut> = {
  name: 'autobet',
  machine: autobetMachine,
  variants: [
    { name: 'a run of three', input: { settings: SETTINGS }, events },
    { name: 'settings', input: { settings: SETTINGS }, events: settingEvents },
  ],
  start(world) {
    // The live link is the path's to cut (live.lost); machines/live/link.ts is tested in autobet.test.ts.
    const watchLink = fromCallback(() => undefined);
    const system = runInSystem(autobetMachine.provide({ actors: { watchLink } }), { input: world.variant.input as never, clock: world.clock });
    return {
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as AutobetEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#autobet': {
      asserts:
        'the game was asked for exactly one bet at the start and one after each pause, with the amount the rules give (0.01 to start and after a win, doubled after a loss, within minBet and maxBet); the panel shows the count and the signed net profit of the run (none before the first), and the settings as typed',
      check(sut, world) {
        const f = facts(world);
        expect(askedOf(sut)).toEqual(f.asked);
        expect(selectCount(snap(sut))).toBe(f.started ? f.count : null);
        expect(selectNetText(snap(sut))).toBe(f.started ? f.netText : null);
        expect(selectSettings(snap(sut))).toEqual(f.settings);
      },
    },
    '#autobet.link.down': {
      asserts: "the live connection is not up (not yet, or lost): the panel says so; with no run on, Start autobet is disabled with 'Live connection lost'",
      check(sut, world) {
        expect(facts(world).linkUp).toBe(false);
        expect(selectLinkDown(snap(sut))).toBe(true);
        expect(selectStartBlocked(snap(sut))).toBe(selectIsRunning(snap(sut)) ? null : 'Live connection lost');
      },
    },
    '#autobet.link.up': {
      asserts: 'the live connection is up: Start autobet is not held back by it',
      check(sut, world) {
        expect(facts(world).linkUp).toBe(true);
        expect(selectLinkDown(snap(sut))).toBe(false);
        expect(selectStartBlocked(snap(sut))).toBeNull();
      },
    },
    '#autobet.run.idle': {
      asserts: 'no run: the settings can be edited, Start is offered; why the last run stopped (or why Start was refused) shows, or nothing',
      check(sut, world) {
        const f = facts(world);
        expect(f.phase).toBe('idle');
        expect(selectIsRunning(snap(sut))).toBe(false);
        expect(selectStopReason(snap(sut))).toBe(f.reason);
        expect(snap(sut).can({ type: 'user.typeBets', text: '5' })).toBe(true);
      },
    },
    '#autobet.run.running': {
      asserts: 'a run is on: the button reads Stop, the settings are locked, no stop reason shows',
      check(sut) {
        expect(selectIsRunning(snap(sut))).toBe(true);
        expect(selectStopReason(snap(sut))).toBeNull();
        expect(snap(sut).can({ type: 'user.typeBets', text: '5' })).toBe(false);
      },
    },
    '#autobet.run.running.betting': {
      asserts: 'the last amount asked for is the bet in flight; Stop is offered',
      check(sut, world) {
        expect(facts(world).phase).toBe('betting');
        expect(selectIsFinishing(snap(sut))).toBe(false);
        expect(snap(sut).can({ type: 'user.stop' })).toBe(true);
      },
    },
    '#autobet.run.running.pausing': {
      asserts: 'the last bet settled and no rule stopped the run; nothing is in flight until the pause ends',
      check(sut, world) {
        const f = facts(world);
        expect(f.phase).toBe('pausing');
        expect(askedOf(sut)).toHaveLength(f.count);
      },
    },
    '#autobet.run.running.finishing': {
      asserts: 'Stop was pressed (or the link lost) with a bet in flight: the panel says it is stopping, and no further bet will be asked for',
      check(sut, world) {
        expect(facts(world).phase).toBe('finishing');
        expect(selectIsFinishing(snap(sut))).toBe(true);
        expect(snap(sut).can({ type: 'user.stop' })).toBe(false);
      },
    },
  },
};

