import { appMachine } from '../../../machines/app/machine';
import { modalStackMachine } from '../../../machines/modalStack/machine';
import { shellMachine } from '../../../machines/shell/machine';
import { markPageModalOpen, scrollMainToTop, unmarkPageModalOpen } from '../adapters/dom';

/** The real app: the pure machines with the browser's effects provided. */
export function createAppLogic() {
  return appMachine.provide({
    actors: {
      modalStack: modalStackMachine.provide({ actions: { markPageModalOpen, unmarkPageModalOpen } }),
      shell: shellMachine.provide({ actions: { scrollMainToTop } }),
    },
  });
}
