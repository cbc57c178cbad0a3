/**
 * The /token page (docs/product.md §2 Token page, §3 Token details, §7 GET /token/get-token-details; issue 10).
 * A per-screen actor: lives as long as the route.
 *
 * Receives user.retry (after a failed load). Effects src/app provides: loadTokenDetails (actor).
 */
import { assign, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import type { TokenDetails as WireTokenDetails } from '../../src/core/contracts/token';

export type TokenDetails = WireTokenDetails;

export interface TokenPageContext {
  details: TokenDetails | null;
}

export type TokenPageEvent = { type: 'user.retry' };

export const tokenPageMachine = setup({
  types: {
    context: {} as TokenPageContext,
    events: {} as TokenPageEvent,
  },
  actors: {
    /** GET /token/get-token-details → tokenDetails. */
    loadTokenDetails: effectActor<TokenDetails>('loadTokenDetails'),
  },
}).createMachine({
  id: 'tokenPage',
  context: { details: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The token figures are being fetched; the marketing copy is shown meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'loadTokenDetails',
        src: 'loadTokenDetails',
        onDone: { target: 'ready', actions: assign({ details: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    ready: {
      description: 'Price, market cap, supply, mined, burned and locked are shown.',
    },
    failed: {
      description: 'The figures could not be fetched: the page says so and offers Retry.',
      on: { 'user.retry': 'loading' },
    },
  },
});
