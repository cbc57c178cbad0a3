/**
 * Bets feed (docs/product.md §2 Bets table, §4 own blackjack/baccarat bets hidden until animationOver, §7
 * /casino/get-bets and Real-time `bet`, §9 lists of 20, high roller $100; issue 6). App-wide, systemId 'betsFeed'.
 *
 * Receives
 *   auth.loggedIn {user} · auth.loggedOut             (from auth: reload; MY BETS cleared on logout)
 *   server.bet {bet}                                  (from the live actor: everyone's settled bets)
 *   game.betPlaced {bet}                              (from a game: the player's own bet, before the hub's echo;
 *                                                      ignored once signed out, the hub's row then shows)
 *   game.animationOver {betId}                        (from blackjack/baccarat: the round's animation ended)
 *   wallet.ratesChanged {rates}                       (dollar rates by symbol, for the $100 rule)
 *   user.selectTab {tab: 'all' | 'mine' | 'highRollers'}
 * Sends nothing.
 * Actor src/app provides
 *   loadBets: fromPromise<BetsLists>   GET /casino/get-bets → {latestBets, myBets, highrollerBets}
 * Failures of the load are ignored (the lists stay as they were). Batching rows to animation frames
 * is the table's business.
 */
import { and, assign, setup, stateIn } from 'xstate';
import { effectActor } from '../shared/effects';
import { toUnitsFloor, unitsToFiatCents } from '../../src/core/units';
import type { AuthEvent, Bet, PlacedBet } from '../shared/events';

/** docs/product.md §9: live bet lists hold up to 20 entries. */
export const BETS_LIST_SIZE = 20;
/** docs/product.md §9: a high roller's wager or payout is worth at least $100. */
export const HIGH_ROLLER_CENTS = 10_000n;
/** docs/product.md §4: the player's own rounds of these games wait for their animation. */
export const ANIMATED_GAMES = ['blackjack', 'baccarat'] as const;

export interface BetsLists {
  latestBets: Bet[];
  myBets: Bet[];
  highrollerBets: Bet[];
}

export type BetsTab = 'all' | 'mine' | 'highRollers';

export interface BetsFeedContext extends BetsLists {
  /** The player's own blackjack/baccarat bets whose round is still being animated. */
  held: Bet[];
  /** Animations that ended before their bet arrived (newest first, bounded). */
  finishedAnimations: string[];
  rates: Record<string, number>;
  userName: string | null;
}

export type BetsFeedEvent =
  | AuthEvent
  | { type: 'server.bet'; bet: Bet }
  | { type: 'game.betPlaced'; bet: PlacedBet }
  | { type: 'game.animationOver'; betId: string }
  | { type: 'wallet.ratesChanged'; rates: Record<string, number> }
  | { type: 'user.selectTab'; tab: BetsTab };

const worthCents = (amount: number, rate: number | undefined): bigint =>
  rate === undefined || !(rate > 0) || !(amount > 0) ? 0n : unitsToFiatCents(toUnitsFloor(amount), rate);

/** docs/product.md §9: wager or payout worth at least $100 at the rate the feed knows; unknown rate, no. */
export function isHighRoller(bet: Bet, rates: Readonly<Record<string, number>>): boolean {
  const rate = rates[bet.currency];
  return worthCents(bet.wager, rate) >= HIGH_ROLLER_CENTS || worthCents(bet.payout, rate) >= HIGH_ROLLER_CENTS;
}

const isOwn = (bet: Bet, userName: string | null) => userName !== null && bet.playerName === userName;
const isAnimated = (bet: Bet) => (ANIMATED_GAMES as readonly string[]).includes(bet.gameName.toLowerCase());

/** Newest first, one row per bet id, at most 20. */
const prepend = (list: Bet[], bet: Bet): Bet[] => [bet, ...list.filter((b) => b.id !== bet.id)].slice(0, BETS_LIST_SIZE);

function file(context: BetsFeedContext, bet: Bet): Partial<BetsFeedContext> {
  return {
    latestBets: prepend(context.latestBets, bet),
    ...(isOwn(bet, context.userName) ? { myBets: prepend(context.myBets, bet) } : {}),
    ...(isHighRoller(bet, context.rates) ? { highrollerBets: prepend(context.highrollerBets, bet) } : {}),
  };
}

/** The server's ids are numbers on the wire; the feed compares them as text wherever they come from. */
const withTextId = (bet: Bet): Bet => ({ ...bet, id: String(bet.id) });

/** A bet arriving from the hub or the game: shown at once, or held back until its animation is over. */
function receive(context: BetsFeedContext, arrived: Bet): Partial<BetsFeedContext> {
  const bet = withTextId(arrived);
  const alreadyShown = context.latestBets.some((b) => b.id === bet.id) || context.held.some((b) => b.id === bet.id);
  if (alreadyShown) return {};
  const mustWait =
    isOwn(bet, context.userName) && isAnimated(bet) && bet.animationOver !== true && !context.finishedAnimations.includes(bet.id);
  return mustWait ? { held: [...context.held, bet] } : file(context, bet);
}

const playerSignedIn = stateIn('#betsFeed.player.signedIn');

export const betsFeedMachine = setup({
  types: {
    context: {} as BetsFeedContext,
    events: {} as BetsFeedEvent,
  },
  actors: {
    loadBets: effectActor<BetsLists>('loadBets'),
  },
  actions: {
    storeLists: assign((_, params: { lists: BetsLists }) => ({
      latestBets: params.lists.latestBets.slice(0, BETS_LIST_SIZE).map(withTextId),
      myBets: params.lists.myBets.slice(0, BETS_LIST_SIZE).map(withTextId),
      highrollerBets: params.lists.highrollerBets.slice(0, BETS_LIST_SIZE).map(withTextId),
    })),
    receiveBet: assign(({ context }, params: { bet: Bet }) => receive(context, params.bet)),
    releaseBet: assign(({ context }, params: { betId: string }) => {
      const bet = context.held.find((b) => b.id === params.betId);
      if (!bet) return { finishedAnimations: [params.betId, ...context.finishedAnimations].slice(0, BETS_LIST_SIZE) };
      return { held: context.held.filter((b) => b !== bet), ...file(context, bet) };
    }),
    storeRates: assign({ rates: ({ context }, params: { rates: Record<string, number> }) => ({ ...context.rates, ...params.rates }) }),
    rememberPlayer: assign({ userName: (_, params: { userName: string }) => params.userName }),
    /** Personal data goes (docs/product.md §4); held rows are public bets, so they join ALL BETS now. */
    forgetPlayer: assign(({ context }) => {
      const visitor: BetsFeedContext = { ...context, userName: null, myBets: [], held: [], finishedAnimations: [] };
      return context.held.reduce<BetsFeedContext>((acc, bet) => ({ ...acc, ...file(acc, bet) }), visitor);
    }),
  },
  guards: {
    isTab: ({ event }, params: { tab: BetsTab }) => event.type === 'user.selectTab' && event.tab === params.tab,
    playerSignedIn,
    isMineAllowed: and([{ type: 'isTab', params: { tab: 'mine' } }, playerSignedIn]),
  },
}).createMachine({
  id: 'betsFeed',
  context: { latestBets: [], myBets: [], highrollerBets: [], held: [], finishedAnimations: [], rates: {}, userName: null },
  type: 'parallel',
  states: {
    lists: {
      initial: 'loading',
      on: {
        'server.bet': { actions: { type: 'receiveBet', params: ({ event }) => ({ bet: event.bet }) } },
        // A bet answered after a logout waits for the hub's row, which carries the player's name.
        'game.betPlaced': {
          guard: 'playerSignedIn',
          actions: { type: 'receiveBet', params: ({ context, event }) => ({ bet: { ...event.bet, playerName: context.userName ?? '' } }) },
        },
        'game.animationOver': { actions: { type: 'releaseBet', params: ({ event }) => ({ betId: String(event.betId) }) } },
        'wallet.ratesChanged': { actions: { type: 'storeRates', params: ({ event }) => ({ rates: event.rates }) } },
      },
      states: {
        loading: {
          description: 'The latest, own and high-roller bets are being fetched (at start and after each login).',
          tags: ['loading'],
          on: { 'auth.loggedIn': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadBets',
            src: 'loadBets',
            onDone: { target: 'ready', actions: { type: 'storeLists', params: ({ event }) => ({ lists: event.output }) } },
            onError: 'ready',
          },
        },
        ready: {
          description: 'The lists are shown and follow live bets: newest first, 20 at most each.',
          on: { 'auth.loggedIn': 'loading' },
        },
      },
    },
    player: {
      initial: 'visitor',
      states: {
        visitor: {
          description: 'Nobody is signed in: no MY BETS tab.',
          on: { 'auth.loggedIn': { target: 'signedIn', actions: { type: 'rememberPlayer', params: ({ event }) => ({ userName: event.user.userName }) } } },
        },
        signedIn: {
          description: "A player is signed in: their bets go to MY BETS, and their blackjack and baccarat rows wait for the round's animation.",
          tags: ['signedIn'],
          on: {
            'auth.loggedIn': { actions: { type: 'rememberPlayer', params: ({ event }) => ({ userName: event.user.userName }) } },
            'auth.loggedOut': { target: 'visitor', actions: 'forgetPlayer' },
          },
        },
      },
    },
    tabs: {
      initial: 'all',
      on: {
        'user.selectTab': [
          { guard: { type: 'isTab', params: { tab: 'all' } }, target: '.all' },
          { guard: { type: 'isTab', params: { tab: 'highRollers' } }, target: '.highRollers' },
          { guard: 'isMineAllowed', target: '.mine' },
        ],
      },
      states: {
        all: { description: 'ALL BETS: every settled bet, as it happens.' },
        mine: {
          description: "MY BETS: the signed-in player's own bets.",
          on: { 'auth.loggedOut': 'all' },
        },
        highRollers: { description: 'HIGH ROLLERS: bets whose wager or payout was worth at least $100.' },
      },
    },
  },
});
