import { fromPromise } from 'xstate';
import { responsibleMachine } from '../../../machines/responsible/machine';
import type { getLimits, selfExclude, setLimit, takeBreak } from '../../core/contracts/account';
import type { Reply } from '../../core/contracts/common';
import type { ScreenRuntime } from './screenRuntime';

/** /responsible-gambling: the limits read, a limit set or removed, a break or exclusion started. */
export function provideResponsible({ api }: ScreenRuntime) {
  return responsibleMachine.provide({
    actors: {
      getLimits: fromPromise(() => api.get<Reply<typeof getLimits>>('/account/get-limits')),
      setLimit: fromPromise(({ input }) => api.post<Reply<typeof setLimit>>('/account/set-limit', input)),
      startBlock: fromPromise(({ input }) =>
        input.kind === 'break'
          ? api.post<Reply<typeof takeBreak>>('/account/take-break', { length: input.length })
          : api.post<Reply<typeof selfExclude>>('/account/self-exclude', { length: input.length }),
      ),
    },
  });
}
