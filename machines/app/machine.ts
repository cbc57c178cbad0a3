import { setup } from 'xstate';
import { modalStackMachine } from '../modalStack/machine';
import { shellMachine } from '../shell/machine';

export interface AppInput {
  viewportWidth: number;
}

/**
 * The root of the browser's actor system. App-wide actors live here under systemIds so that
 * they find each other through the system (`system.get('modals')`), never through React.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
  },
  actors: {
    modalStack: modalStackMachine,
    shell: shellMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { id: 'modals', systemId: 'modals', src: 'modalStack' },
    { id: 'shell', systemId: 'shell', src: 'shell', input: ({ context }) => ({ viewportWidth: context.viewportWidth }) },
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The app is up; its app-wide actors run for as long as the page is open.',
    },
  },
});

export const APP_SYSTEM_IDS = { modals: 'modals', shell: 'shell' } as const;
