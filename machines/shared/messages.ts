import { sendTo } from 'xstate';
import type { ActionArgs, AnyActorRef, EventObject, MachineContext, ParameterizedObject } from 'xstate';
import type { SystemId } from './system';
import type { PlacedBet } from './events';

/**
 * The events the screens send to the app-wide actors. Each game sends them itself, in its setup:
 * `openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal)`, so its chart shows
 * them as named actions and the recipient is found through the actor system by systemId.
 */

/** → modals: a visitor pressed Bet (docs/product.md §5 check 1), the Auth modal opens on its login tab. */
export const loginModal = { type: 'app.openModal' as const, name: 'Auth', params: { tab: 'login' } };

/** → wallet: read every balance again (a claim pays several currencies; mining lands in ACC). */
export const reloadBalances = { type: 'cashier.fundsMoved' as const, currency: 'ACC' };

/** → wallet: the server's balance after a bet. */
export const balanceUpdated = (_: unknown, params: { currency: string; balance: number }) => ({
  type: 'game.balanceUpdated' as const,
  currency: params.currency,
  balance: params.balance,
});

/** → wallet: a stake held (or refunded) ahead of the server's answer. */
export const balanceAdjusted = (_: unknown, params: { currency: string; delta: number }) => ({
  type: 'game.balanceAdjusted' as const,
  currency: params.currency,
  delta: params.delta,
});

/** → wallet: a restored round was played in another currency. */
export const currencySwitched = (_: unknown, params: { currency: string }) => ({ type: 'game.switchCurrency' as const, currency: params.currency });

/** → betsFeed: the player's settled bet, for My Bets and the latest bets. */
export const betPlaced = (_: unknown, params: { bet: PlacedBet }) => ({ type: 'game.betPlaced' as const, bet: params.bet });

/**
 * → betsFeed: the round's cards are all shown, the player's own row may show. The id goes as the
 * server sent it: the feed matches it against the hub's copy of the same row.
 */
export const animationOver = (_: unknown, params: { betId: number | string }) => ({ type: 'game.animationOver' as const, betId: params.betId });

/**
 * xstate's `sendTo` addressed by systemId, for actions written outside a machine's `setup` (a game's
 * actions.ts): it fixes the context and event types that `setup` would otherwise infer, as assignFor
 * does for `assign`. An actor that is not running misses the event (xstate then hands it to the
 * sender, which ignores it).
 */
export function sendToSystemFor<TContext extends MachineContext, TEvent extends EventObject>() {
  return <TParams extends ParameterizedObject['params'] | undefined = undefined>(
    to: SystemId,
    event: EventObject | ((args: ActionArgs<TContext, TEvent, TEvent>, params: TParams) => EventObject),
  ) =>
    sendTo<TContext, TEvent, TParams, AnyActorRef, TEvent>(
      ({ system }) => system.get(to) as AnyActorRef,
      event as (args: ActionArgs<TContext, TEvent, TEvent>, params: TParams) => EventObject,
    );
}
