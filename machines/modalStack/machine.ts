import { assign, setup } from 'xstate';
import { effectAction } from '../shared/effects';
import type { AuthAnnouncement } from '../auth/announcements';

export const MODAL_NAMES = [
  'Auth',
  'Cashier',
  'Seed',
  'AddLiquidity',
  'RemoveLiquidity',
  'LockTokens',
  'UnlockTokens',
  /** The keyboard shortcuts of every game (issue 20), shown and hidden with ?. */
  'Hotkeys',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

export type ModalParams = Readonly<Record<string, string | number | boolean | undefined>>;

export interface ModalEntry {
  /** Stable React key: a reopened modal is a new entry. */
  key: number;
  name: ModalName;
  params: ModalParams;
}

export interface ModalStackContext {
  stack: ModalEntry[];
  nextKey: number;
}

export type ModalStackEvent =
  | { type: 'user.openModal'; name: ModalName; params?: ModalParams }
  /** Escape, a click on the backdrop, or the close button: all close the top modal. */
  | { type: 'user.closeTopModal' }
  | { type: 'user.closeModalAt'; index: number }
  /** Another actor asks (e.g. a game opens Auth for a visitor, auth closes it after login). */
  | { type: 'app.openModal'; name: ModalName; params?: ModalParams }
  | { type: 'app.closeModal'; name: ModalName }
  /** Forwarded by the root: a login closes the Auth modal. */
  | Extract<AuthAnnouncement, { type: 'auth.loggedIn' }>;

/** The modal a close-by-name event removes. */
function closingName(event: ModalStackEvent): ModalName | null {
  if (event.type === 'app.closeModal') return event.name;
  if (event.type === 'auth.loggedIn') return 'Auth';
  return null;
}

type OpenEvent = Extract<ModalStackEvent, { type: 'user.openModal' | 'app.openModal' }>;

function pushed(context: ModalStackContext, event: OpenEvent): Pick<ModalStackContext, 'stack' | 'nextKey'> {
  // One entry per name: reopening a modal brings it to the top with its new params.
  const rest = context.stack.filter((entry) => entry.name !== event.name);
  return {
    stack: [...rest, { key: context.nextKey, name: event.name, params: event.params ?? {} }],
    nextKey: context.nextKey + 1,
  };
}

export const modalStackMachine = setup({
  types: {
    context: {} as ModalStackContext,
    events: {} as ModalStackEvent,
  },
  actions: {
    push: assign(({ context, event }) => pushed(context, event as OpenEvent)),
    popTop: assign({ stack: ({ context }) => context.stack.slice(0, -1) }),
    removeAt: assign({
      stack: ({ context, event }) =>
        event.type === 'user.closeModalAt' ? context.stack.filter((_, i) => i !== event.index) : context.stack,
    }),
    removeNamed: assign({
      stack: ({ context, event }) => context.stack.filter((entry) => entry.name !== closingName(event)),
    }),
    /** Effects on the page body; src/app provides them, tests provide fakes. */
    markPageModalOpen: effectAction('markPageModalOpen'),
    unmarkPageModalOpen: effectAction('unmarkPageModalOpen'),
  },
  guards: {
    hasSeveral: ({ context }) => context.stack.length > 1,
    indexInStack: ({ context, event }) =>
      event.type === 'user.closeModalAt' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.stack.length,
    isOnlyModalAt: ({ context, event }) =>
      event.type === 'user.closeModalAt' && context.stack.length === 1 && event.index === 0,
    namedIsOpen: ({ context, event }) => context.stack.some((entry) => entry.name === closingName(event)),
    namedIsAllThatIsOpen: ({ context, event }) => context.stack.every((entry) => entry.name === closingName(event)),
  },
}).createMachine({
  // What each state means is in ./descriptions.ts: this chart is on the first page, its descriptions are not.
  id: 'modalStack',
  context: { stack: [], nextKey: 1 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'user.openModal': { target: 'open', actions: 'push' },
        'app.openModal': { target: 'open', actions: 'push' },
      },
    },
    open: {
      tags: ['modalOpen'],
      entry: 'markPageModalOpen',
      exit: 'unmarkPageModalOpen',
      on: {
        'user.openModal': { actions: 'push' },
        'app.openModal': { actions: 'push' },
        'user.closeTopModal': [{ guard: 'hasSeveral', actions: 'popTop' }, { target: 'closed', actions: 'popTop' }],
        'user.closeModalAt': [
          { guard: 'isOnlyModalAt', target: 'closed', actions: 'removeAt' },
          { guard: 'indexInStack', actions: 'removeAt' },
        ],
        'app.closeModal': [
          { guard: 'namedIsAllThatIsOpen', target: 'closed', actions: 'removeNamed' },
          { guard: 'namedIsOpen', actions: 'removeNamed' },
        ],
        'auth.loggedIn': [
          { guard: 'namedIsAllThatIsOpen', target: 'closed', actions: 'removeNamed' },
          { guard: 'namedIsOpen', actions: 'removeNamed' },
        ],
      },
    },
  },
});
