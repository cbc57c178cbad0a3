import { assign, setup } from 'xstate';
import { effectAction } from '../shared/effects';

/** Sidebar breakpoint (docs/product.md §9): the sidebar starts open only on screens wider than this. */
export const SIDEBAR_BREAKPOINT = 768;

export interface ShellContext {
  viewportWidth: number;
}

export type ShellEvent =
  | { type: 'user.toggleSidebar' }
  | { type: 'user.closeSidebar' }
  | { type: 'viewport.resized'; width: number }
  | { type: 'router.navigated'; pathname: string };

const isWide = (width: number) => width > SIDEBAR_BREAKPOINT;

export const shellMachine = setup({
  types: {
    context: {} as ShellContext,
    events: {} as ShellEvent,
    input: {} as { viewportWidth: number },
  },
  delays: {
    /** After each navigation the main area scrolls to the top after 200 ms (docs/product.md §2). */
    scrollToTopDelay: 200,
  },
  actions: {
    rememberWidth: assign({
      viewportWidth: ({ context, event }) => (event.type === 'viewport.resized' ? event.width : context.viewportWidth),
    }),
    /** DOM effect provided by src/app. */
    scrollMainToTop: effectAction('scrollMainToTop'),
  },
  guards: {
    startsWide: ({ context }) => isWide(context.viewportWidth),
    isNarrow: ({ context }) => !isWide(context.viewportWidth),
    becameNarrow: ({ context, event }) =>
      event.type === 'viewport.resized' && isWide(context.viewportWidth) && !isWide(event.width),
    becameWide: ({ context, event }) =>
      event.type === 'viewport.resized' && !isWide(context.viewportWidth) && isWide(event.width),
  },
}).createMachine({
  // What each state means is in ./descriptions.ts: this chart is on the first page, its descriptions are not.
  id: 'shell',
  context: ({ input }) => ({ viewportWidth: input.viewportWidth }),
  type: 'parallel',
  states: {
    sidebar: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'startsWide', target: 'open' }, { target: 'closed' }],
        },
        open: {
          tags: ['sidebarOpen'],
          on: {
            'user.toggleSidebar': 'closed',
            'user.closeSidebar': 'closed',
            'router.navigated': { guard: 'isNarrow', target: 'closed' },
            'viewport.resized': [
              { guard: 'becameNarrow', target: 'closed', actions: 'rememberWidth' },
              { actions: 'rememberWidth' },
            ],
          },
        },
        closed: {
          on: {
            'user.toggleSidebar': 'open',
            'viewport.resized': [
              { guard: 'becameWide', target: 'open', actions: 'rememberWidth' },
              { actions: 'rememberWidth' },
            ],
          },
        },
      },
    },
    scroll: {
      initial: 'settled',
      states: {
        settled: {
          on: { 'router.navigated': 'awaitingScroll' },
        },
        awaitingScroll: {
          on: { 'router.navigated': { target: 'awaitingScroll', reenter: true } },
          after: { scrollToTopDelay: { target: 'settled', actions: 'scrollMainToTop' } },
        },
      },
    },
  },
});
