import { assign, setup, stateIn } from 'xstate';
import type { RtpReport } from '../../src/core/contracts/rtp';
import type { Bet } from '../shared/events';
import { effectActor } from '../shared/effects';
import { failureMessage } from '../shared/requestFailure';
import { watchLiveLink } from '../live/link';
import type { LiveLinkEvent } from '../live/link';

/**
 * The measured RTP page (issue 23, /rtp): for anyone, each game's RTP as really paid, measured from
 * every settled bet (GET /casino/rtp), against its theoretical RTP, with a chart of its last bets.
 * Live: each bet the hub announces (`server.bet`, sent by the live actor to systemId 'rtp') asks for
 * the figures again, once a short pause has gathered the bets landing together; a bet that lands
 * while they are being read asks once more after that answer, so the page never settles behind.
 * The hub announces nothing while the live link is down: when it comes up again (`live.up`, from the
 * link watcher, machines/live/link.ts) the page reads the figures again as after a bet, for the bets
 * that landed meanwhile; so does a link that comes up only after the page opened. A link already up
 * when the page opened missed nothing.
 */

/** The pause that gathers bets landing together into one read. */
export const RTP_REFRESH_DELAY_MS = 1000;

export interface RtpContext {
  report: RtpReport | null;
  error: string | null;
}

export type RtpEvent = { type: 'user.retry' } | { type: 'server.bet'; bet: Bet } | LiveLinkEvent;

/** Both reads watch the hub meanwhile: a bet landing (or the link coming back) during a read may be missing from its answer. */
const readWatch = {
  current: {
    description: 'No bet has landed and the live link has not come back since the read began.',
    on: { 'server.bet': 'behind', 'live.up': { guard: 'linkCameUp', target: 'behind' } },
  },
  behind: {
    description: 'A bet landed, or the live link came back, during the read, which may miss a bet: another read follows.',
  },
} as const;

export const rtpMachine = setup({
  types: {
    context: {} as RtpContext,
    events: {} as RtpEvent,
  },
  actions: {
    keepReport: assign((_, params: { report: RtpReport }) => ({ report: params.report, error: null })),
  },
  actors: {
    fetchRtp: effectActor<RtpReport>('fetchRtp'),
    watchLink: watchLiveLink,
  },
  guards: {
    betLandedDuringFirstRead: stateIn('#rtp.loading.behind'),
    betLandedDuringRead: stateIn('#rtp.ready.refreshing.behind'),
    // Not the link found up when the page opened: that one missed nothing.
    linkCameUp: ({ event }) => event.type === 'live.up' && !event.atStart,
  },
  delays: {
    refreshDelay: RTP_REFRESH_DELAY_MS,
  },
}).createMachine({
  id: 'rtp',
  context: { report: null, error: null },
  initial: 'loading',
  // The live link's ups and downs, for the whole life of the page: an up after a loss means bets may have been missed.
  invoke: { id: 'link', src: 'watchLink' },
  states: {
    loading: {
      description: 'The figures are being read for the first time.',
      tags: ['busy'],
      initial: 'current',
      invoke: {
        id: 'fetchRtp',
        src: 'fetchRtp',
        onDone: [
          { guard: 'betLandedDuringFirstRead', target: 'ready.pending', actions: { type: 'keepReport', params: ({ event }) => ({ report: event.output }) } },
          { target: 'ready', actions: { type: 'keepReport', params: ({ event }) => ({ report: event.output }) } },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
      states: readWatch,
    },
    failed: {
      description: 'The figures could not be read: the reason and Try again.',
      tags: ['alert'],
      on: { 'user.retry': 'loading' },
    },
    ready: {
      description: "Every game's figures and chart are on the page, and they follow the bets as the hub announces them.",
      initial: 'upToDate',
      states: {
        upToDate: {
          description: 'The figures include every bet announced so far.',
          on: { 'server.bet': 'pending', 'live.up': { guard: 'linkCameUp', target: 'pending' } },
        },
        pending: {
          description: 'A bet landed, or the live link came back after bets may have gone unannounced: a short pause gathers the bets landing with it before the figures are read again.',
          after: { refreshDelay: 'refreshing' },
        },
        refreshing: {
          description: 'The figures are being read again; the page keeps showing the last ones meanwhile.',
          initial: 'current',
          invoke: {
            id: 'fetchRtp',
            src: 'fetchRtp',
            onDone: [
              { guard: 'betLandedDuringRead', target: 'pending', actions: { type: 'keepReport', params: ({ event }) => ({ report: event.output }) } },
              { target: 'upToDate', actions: { type: 'keepReport', params: ({ event }) => ({ report: event.output }) } },
            ],
            onError: { target: 'updateFailed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
          },
          states: readWatch,
        },
        updateFailed: {
          description: 'A new read failed: the last figures stay, with the reason and Try again; the next bet, or the live link coming back, tries again too.',
          tags: ['alert'],
          on: { 'user.retry': 'refreshing', 'server.bet': 'pending', 'live.up': { guard: 'linkCameUp', target: 'pending' } },
        },
      },
    },
  },
});
