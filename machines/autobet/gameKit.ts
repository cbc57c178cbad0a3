import { assign, raise, sendTo, stateIn } from 'xstate';
import type { AnyActorRef, EventObject, MachineContext } from 'xstate';
import { AUTOBET_MESSAGES } from '../../src/core/bets/autobet';
import type { AutobetSettings, AutobetStart } from '../../src/core/bets/autobet';
import type { BetLimits } from '../../src/core/bets/validation';
import type { GameWallet } from '../shared/events';
import type { AutobetEvent } from './machine';

/**
 * What a game screen needs to run the autobet machine, written once for dice and mines: the `mode`
 * region (Manual, or Auto with the autobet invoked as `autobet`), the round transitions that start a
 * run and place the bets it asks for, and the messages that tell it how each bet ended. A game
 * declares the names used here in its own `setup`: the `autobet` actor, `autobetGuards` (next to
 * the kit's bet guards), and the actions `startAutobet`, `tellAutobet`, `tellAutobetRefusal`,
 * `raiseAutoStart`, `raiseAutoPlace`, `keepAutobetSettings` (from the factories below), `storeAmount`,
 * `storeRefusal`, `openLogin`, and the context field `autobetSettings` (null at first).
 */

export type GameMode = 'manual' | 'auto';

/** The events a game takes from the Auto panel and from its autobet child. */
export type AutobetGameEvent =
  | { type: 'user.chooseMode'; mode: GameMode }
  | { type: 'user.startAuto' }
  | { type: 'autobet.bet'; amountText: string }
  /** Raised by `mode.auto` for the round region. */
  | { type: 'auto.start' }
  | { type: 'auto.place' }
  /** From the app: a reality check is on screen (machines/preferences), so the run stops. */
  | { type: 'app.realityCheck' };

/** The autobet child while Auto is on; undefined in Manual (an event to it then goes nowhere). */
const autobetOf = (self: AnyActorRef): AnyActorRef | undefined =>
  (self.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children?.['autobet'];

/** Sends the autobet child how a bet ended, or why the game cannot go on. Without a child the game drops it. */
export function tellAutobetFor<TContext extends MachineContext, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, { event: AutobetEvent }, AnyActorRef, TEvent>(
    ({ self }: { self: AnyActorRef }) => autobetOf(self) ?? self,
    (_: unknown, params: { event: AutobetEvent }) => params.event,
  );
}

/** `mode.auto` hands Start autobet and each bet of the run to the round region. */
export function autobetRaisesFor<TContext extends MachineContext, TEvent extends EventObject>() {
  return {
    raiseAutoStart: raise<TContext, TEvent, TEvent, undefined, never, never>({ type: 'auto.start' } as unknown as TEvent),
    raiseAutoPlace: raise<TContext, TEvent, TEvent, undefined, never, never>({ type: 'auto.place' } as unknown as TEvent),
  };
}

/** Sends the autobet child the refusal the game just stored as its message. */
export function tellAutobetRefusalFor<TContext extends MachineContext & { message: string | null }, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>(
    ({ self }: { self: AnyActorRef }) => autobetOf(self) ?? self,
    ({ context }: { context: TContext }) => refused(context.message ?? '').event,
  );
}

/** Start a run from the amount field as the player left it. */
export function startAutobetFor<TContext extends MachineContext & { amountText: string; wallet: GameWallet; limits: BetLimits | null }, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>(
    ({ self }: { self: AnyActorRef }) => autobetOf(self) ?? self,
    ({ context }: { context: TContext }) => {
      const start: AutobetStart = { amountText: context.amountText, fiatRate: context.wallet.fiatRate, limits: context.limits as BetLimits };
      return { type: 'game.start', start, currency: context.wallet.currency } satisfies AutobetEvent;
    },
  );
}

/**
 * As Auto is left: the run's settings as the player left them, so the next Auto of this visit
 * starts with them (the child is still there while the state exits).
 */
export function keepAutobetSettingsFor<TContext extends MachineContext & { autobetSettings: AutobetSettings | null }, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(({ context, self }) => {
    const child = autobetOf(self);
    const settings = (child?.getSnapshot() as { context?: { settings?: AutobetSettings } } | undefined)?.context?.settings;
    return { autobetSettings: settings ?? context.autobetSettings } as Partial<TContext>;
  });
}

export const settled = (wager: number, payout: number) => ({ event: { type: 'game.settled' as const, wager, payout } });
export const refused = (message: string) => ({ event: { type: 'game.refused' as const, message } });
const interrupted = (reason: string) => ({ event: { type: 'game.interrupted' as const, reason } });

/** The kit's guards (a bet of a run is checked by the game's own bet guards, as a manual one). */
export function autobetGuards<TContext extends { wallet: GameWallet }>() {
  return {
    inAutoMode: stateIn({ mode: 'auto' }),
    isMode: (_: unknown, params: { want: GameMode; mode: GameMode }) => params.want === params.mode,
    /** Another currency, or the display switched between coins and dollars: the run's amounts mean something else now. */
    isNewWalletOrDisplay: ({ context }: { context: TContext }, params: { wallet: GameWallet }) =>
      params.wallet.currency !== context.wallet.currency || (params.wallet.fiatRate === null) !== (context.wallet.fiatRate === null),
  };
}

const modeOf = ({ event }: { event: { mode: GameMode } }) => event.mode;

/** The `mode` region: Manual, or Auto with the autobet machine running as the child `autobet`. */
export function modeRegion<const TAutoOn extends Record<string, unknown> = Record<never, never>>(autoOn: TAutoOn = {} as TAutoOn) {
  return {
    initial: 'manual' as const,
    states: {
      manual: {
        description: 'Manual: each press of Bet places one bet.',
        on: {
          'user.chooseMode': { guard: { type: 'isMode' as const, params: (args: { event: { mode: GameMode } }) => ({ want: 'auto' as const, mode: modeOf(args) }) }, target: 'auto' as const },
        },
      },
      auto: {
        description:
          'Auto: the Auto panel shows, and the autobet machine places bets by the rules until they, Stop, a refusal, or the lost live link end the run. Leaving Auto or the page ends it too.',
        tags: ['auto'],
        // The settings of the last Auto of this visit, kept as it was left.
        invoke: { id: 'autobet' as const, src: 'autobet' as const, input: ({ context }: { context: { autobetSettings: AutobetSettings | null } }) => ({ settings: context.autobetSettings ?? undefined }) },
        exit: 'keepAutobetSettings' as const,
        on: {
          'user.chooseMode': {
            guard: { type: 'isMode' as const, params: (args: { event: { mode: GameMode } }) => ({ want: 'manual' as const, mode: modeOf(args) }) },
            target: 'manual' as const,
          },
          'wallet.changed': {
            guard: { type: 'isNewWalletOrDisplay' as const, params: ({ event }: { event: { wallet: GameWallet } }) => ({ wallet: event.wallet }) },
            actions: { type: 'tellAutobet' as const, params: interrupted(AUTOBET_MESSAGES.walletChanged) },
          },
          'auth.loggedOut': { actions: { type: 'tellAutobet' as const, params: interrupted(AUTOBET_MESSAGES.loggedOut) } },
          'app.realityCheck': { actions: { type: 'tellAutobet' as const, params: interrupted(AUTOBET_MESSAGES.realityCheck) } },
          'user.startAuto': { actions: 'raiseAutoStart' as const },
          'autobet.bet': {
            actions: [{ type: 'storeAmount' as const, params: ({ event }: { event: { amountText: string } }) => ({ text: event.amountText }) }, 'raiseAutoPlace' as const],
          },
          ...autoOn,
        },
      },
    },
  };
}


/**
 * Round transitions where a bet may start (as `betAttempt` for Bet). The `mode.auto` state turns
 * Start autobet into `auto.start`, and a bet the run asks for into its amount in the field and
 * `auto.place`, so only Auto mode reaches these. Start autobet checks the amount like Bet does (a
 * visitor gets the login modal, a refusal shows in `round.refused`), then starts the run; each bet
 * of the run is checked and placed like a manual one, and a refusal goes to the run as its stop reason.
 */
export function autobetRoundTransitions<const TId extends string, const TReady extends string = never, const TPlace extends string = never>(
  machineId: TId,
  fallbackMessage: string,
  /** A game's own condition for a run (mines: tiles chosen), checked after login, and what it does as each bet of a run goes out. */
  game: { notReady?: { guard: TReady; show: TPlace }; onPlace?: readonly TPlace[] } = {},
) {
  const refusedTarget = `#${machineId}.round.refused` as const;
  const placingTarget = `#${machineId}.round.placing` as const;
  const notReady = game.notReady ? [{ guard: game.notReady.guard, target: refusedTarget, actions: game.notReady.show }] : [];
  return {
    'auto.start': [
      { guard: 'isVisitor' as const, actions: 'openLogin' as const },
      ...notReady,
      { guard: 'isRefused' as const, target: refusedTarget, actions: 'storeRefusal' as const },
      { guard: 'isAccepted' as const, actions: 'startAutobet' as const },
    ],
    'auto.place': [
      // Nobody to bet for any more (the run is told of the logout as well).
      { guard: 'isVisitor' as const, actions: { type: 'tellAutobet' as const, params: refused(AUTOBET_MESSAGES.loggedOut) } },
      { guard: 'isRefused' as const, target: refusedTarget, actions: ['storeRefusal' as const, 'tellAutobetRefusal' as const] },
      { guard: 'isAccepted' as const, target: placingTarget, actions: [...(game.onPlace ?? [])] },
      // No limits to check against (they failed to load): the run cannot place this bet.
      { actions: { type: 'tellAutobet' as const, params: refused(fallbackMessage) } },
    ],
  };
}
