/**
 * Autobet (docs/product.md §4 "Autobet", issue 20): a run of ordinary bets with rules, one machine that the
 * dice and mines screens both invoke (id `autobet`) while their Auto mode is on. It holds the settings
 * and the run (the amount, the count, the net profit, why it stopped); the game it runs in keeps
 * placing its own bets, with its own checks, requests and results, so an auto bet is exactly the
 * bet the player could have made by hand. docs/architecture.md, "Autobet", says why.
 *
 * Receives
 *   user.typeBets {text} · user.chooseOnWin {adjust} · user.typeOnWinPercent {text}
 *   user.chooseOnLoss {adjust} · user.typeOnLossPercent {text} · user.typeStopProfit {text}
 *   user.typeStopLoss {text} · user.stop                       (the Auto panel)
 *   game.start {start, currency}   the game checked the amount and the player pressed Start autobet
 *   game.settled {wager, payout}   the game's bet (or mines round) was answered and is over
 *   game.refused {message}         the game refused the bet (a check of §5) or the server did
 *   game.interrupted {reason}      the game cannot go on (logged out, another wallet)
 *   live.up · live.lost            from its watchLink actor (machines/live/link.ts)
 * Sends
 *   parent ← autobet.bet {amountText}: place one bet of this amount, in the displayed unit
 * Actors: watchLink (the live link's state, through the actor system).
 *
 * All arithmetic is src/core/bets/autobet.ts.
 */
import { assign, sendTo, setup, stateIn } from 'xstate';
import type { AnyActorRef } from 'xstate';
import {
  AUTOBET_MESSAGES,
  DEFAULT_AUTOBET_SETTINGS,
  amountFieldText,
  betWon,
  netAfter,
  nextAmount,
  planAutobet,
  stopAfter,
  stopMessage,
} from '../../src/core/bets/autobet';
import type { AutobetAdjust, AutobetPlan, AutobetSettings, AutobetStart } from '../../src/core/bets/autobet';
import { watchLiveLink } from '../live/link';
import type { LiveLinkEvent } from '../live/link';

/** docs/product.md §9: the pause between two bets of a run, so each result shows before the next bet. */
export const AUTOBET_PAUSE_MS = 300;

export interface AutobetContext {
  settings: AutobetSettings;
  /** The run going on or last run; null before the first. */
  plan: AutobetPlan | null;
  currency: string;
  fiatRate: number | null;
  /** The amount of the bet in flight or next, scaled by 10^plan.decimals. */
  amount: string;
  /** Bets settled in this run. */
  count: number;
  /** Net profit of this run in base units of the coin. */
  net: string;
  /** Why the last run stopped, or why Start was refused; null while none. */
  reason: string | null;
  /** Why the run ends once the bet in flight settles (Stop, or the link lost while it was out). */
  pendingReason: string | null;
}

export type AutobetEvent =
  | { type: 'user.typeBets'; text: string }
  | { type: 'user.chooseOnWin'; adjust: AutobetAdjust }
  | { type: 'user.typeOnWinPercent'; text: string }
  | { type: 'user.chooseOnLoss'; adjust: AutobetAdjust }
  | { type: 'user.typeOnLossPercent'; text: string }
  | { type: 'user.typeStopProfit'; text: string }
  | { type: 'user.typeStopLoss'; text: string }
  | { type: 'user.stop' }
  | { type: 'game.start'; start: AutobetStart; currency: string }
  | { type: 'game.settled'; wager: number; payout: number }
  | { type: 'game.refused'; message: string }
  | { type: 'game.interrupted'; reason: string }
  | LiveLinkEvent;

/** What the autobet asks its game for. */
export type AutobetRequest = { type: 'autobet.bet'; amountText: string };

const plan = (context: AutobetContext) => context.plan as AutobetPlan;
const settledOf = ({ event }: { event: AutobetEvent }) => event as { wager: number; payout: number };
const reasonOf = (reason: string) => ({ reason });

const editSetting = <K extends keyof AutobetSettings>(key: K) => ({
  actions: { type: 'storeSetting' as const, params: ({ event }: { event: AutobetEvent }) => ({ key, value: settingValue(event) }) },
});
function settingValue(event: AutobetEvent): string {
  if ('text' in event) return event.text;
  return 'adjust' in event ? event.adjust : '';
}

export const autobetMachine = setup({
  types: {
    context: {} as AutobetContext,
    events: {} as AutobetEvent,
    input: {} as { settings?: AutobetSettings },
  },
  actors: { watchLink: watchLiveLink },
  delays: { betPause: AUTOBET_PAUSE_MS },
  guards: {
    planReadable: ({ context }, params: { start: AutobetStart }) => planAutobet(context.settings, params.start).ok,
    ruleStops: ({ context }) => stopAfter(plan(context), context.count, context.net) !== null,
    linkDown: stateIn({ link: 'down' }),
  },
  actions: {
    storeSetting: assign(({ context }, params: { key: keyof AutobetSettings; value: string }) => ({
      settings: { ...context.settings, [params.key]: params.value },
      reason: null,
    })),
    startRun: assign(({ context }, params: { start: AutobetStart; currency: string }) => {
      const result = planAutobet(context.settings, params.start);
      if (!result.ok) return {};
      return {
        plan: result.plan,
        currency: params.currency,
        fiatRate: params.start.fiatRate,
        amount: result.plan.base,
        count: 0,
        net: '0',
        reason: null,
        pendingReason: null,
      };
    }),
    refuseStart: assign(({ context }, params: { start: AutobetStart }) => {
      const result = planAutobet(context.settings, params.start);
      return { reason: result.ok ? null : result.message };
    }),
    // To the game it runs in. (Not `sendParent`: a chart walked alone, as the path generator does, has no parent and would throw.)
    askForBet: sendTo(
      ({ self }) => (self as unknown as { _parent?: AnyActorRef })._parent ?? self,
      ({ context }): AutobetRequest => ({ type: 'autobet.bet', amountText: amountFieldText(plan(context), context.amount) }),
    ),
    recordBet: assign(({ context }, params: { wager: number; payout: number }) => ({
      count: context.count + 1,
      net: netAfter(context.net, params.wager, params.payout),
      amount: nextAmount(plan(context), context.amount, betWon(params.wager, params.payout)),
    })),
    stopByRule: assign(({ context }) => {
      const stop = stopAfter(plan(context), context.count, context.net);
      return { reason: stop ? stopMessage(stop, context.count) : null };
    }),
    stopWith: assign((_, params: { reason: string }) => ({ reason: params.reason, pendingReason: null })),
    stopWhenSettled: assign((_, params: { reason: string }) => ({ pendingReason: params.reason })),
    stopAsPending: assign(({ context }) => ({ reason: context.pendingReason, pendingReason: null })),
  },
}).createMachine({
  id: 'autobet',
  context: ({ input }) => ({
    settings: input.settings ?? DEFAULT_AUTOBET_SETTINGS,
    plan: null,
    currency: '',
    fiatRate: null,
    amount: '0',
    count: 0,
    net: '0',
    reason: null,
    pendingReason: null,
  }),
  type: 'parallel',
  // The live link's state, for the whole life of the Auto panel (machines/live/link.ts).
  invoke: { id: 'link', src: 'watchLink' },
  states: {
    link: {
      initial: 'down',
      states: {
        down: {
          description: 'The live connection is not up (not yet, dropped, or given up): a run cannot start, and one going on has stopped.',
          tags: ['linkDown'],
          on: { 'live.up': 'up' },
        },
        up: {
          description: 'The live connection is up: a run may start.',
          on: { 'live.lost': 'down' },
        },
      },
    },
    run: {
      initial: 'idle',
      states: {
        idle: {
          description:
            "No run: the settings can be changed (number of bets, on win and on loss, stop on profit and on loss). The last run's count, net profit and why it stopped stay on show.",
          on: {
            'user.typeBets': editSetting('bets'),
            'user.chooseOnWin': editSetting('onWin'),
            'user.typeOnWinPercent': editSetting('onWinPercent'),
            'user.chooseOnLoss': editSetting('onLoss'),
            'user.typeOnLossPercent': editSetting('onLossPercent'),
            'user.typeStopProfit': editSetting('stopProfit'),
            'user.typeStopLoss': editSetting('stopLoss'),
            'game.start': [
              { guard: 'linkDown', actions: { type: 'stopWith', params: reasonOf(AUTOBET_MESSAGES.liveLost) } },
              {
                guard: { type: 'planReadable', params: ({ event }) => ({ start: event.start }) },
                target: 'running',
                actions: { type: 'startRun', params: ({ event }) => ({ start: event.start, currency: event.currency }) },
              },
              { actions: { type: 'refuseStart', params: ({ event }) => ({ start: event.start }) } },
            ],
          },
        },
        running: {
          description: 'A run is on: one ordinary bet at a time, while the live link is up. The settings are locked.',
          tags: ['running'],
          on: {
            'game.interrupted': { target: 'idle', actions: { type: 'stopWith', params: ({ event }) => reasonOf(event.reason) } },
          },
          initial: 'betting',
          states: {
            betting: {
              description: 'A bet of the current amount is asked of the game and is being placed (for mines: picked and cashed out).',
              tags: ['busy'],
              entry: 'askForBet',
              on: {
                'game.settled': { target: 'deciding', actions: { type: 'recordBet', params: settledOf } },
                'game.refused': { target: '#autobet.run.idle', actions: { type: 'stopWith', params: ({ event }) => reasonOf(event.message) } },
                'user.stop': { target: 'finishing', actions: { type: 'stopWhenSettled', params: reasonOf(AUTOBET_MESSAGES.stopped) } },
                'live.lost': { target: 'finishing', actions: { type: 'stopWhenSettled', params: reasonOf(AUTOBET_MESSAGES.liveLost) } },
              },
            },
            deciding: {
              description: 'The bet is counted: its result moves the net profit and sets the next amount; a stop rule may end the run.',
              always: [{ guard: 'ruleStops', target: '#autobet.run.idle', actions: 'stopByRule' }, { target: 'pausing' }],
            },
            pausing: {
              description: 'The result is on show for a moment before the next bet.',
              after: { betPause: 'betting' },
              on: {
                'user.stop': { target: '#autobet.run.idle', actions: { type: 'stopWith', params: reasonOf(AUTOBET_MESSAGES.stopped) } },
                'live.lost': { target: '#autobet.run.idle', actions: { type: 'stopWith', params: reasonOf(AUTOBET_MESSAGES.liveLost) } },
              },
            },
            finishing: {
              description: 'The run is ending (Stop, or the live link lost) once the bet in flight settles; it still counts.',
              tags: ['busy'],
              on: {
                'game.settled': { target: '#autobet.run.idle', actions: [{ type: 'recordBet', params: settledOf }, 'stopAsPending'] },
                'game.refused': { target: '#autobet.run.idle', actions: 'stopAsPending' },
              },
            },
          },
        },
      },
    },
  },
});
