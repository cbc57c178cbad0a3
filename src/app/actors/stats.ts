import { fromPromise } from 'xstate';
import type { Reply } from '../../core/contracts/common';
import type { getStats } from '../../core/contracts/casino';
import { statsMachine } from '../../../machines/stats/machine';
import type { ScreenRuntime } from './screenRuntime';

/** The live statistics panel's reads (GET /casino/get-stats); its chunk loads with the account menu. */
export function provideStats({ api }: ScreenRuntime) {
  return statsMachine.provide({
    actors: {
      fetchStats: fromPromise(({ input }) => api.get<Reply<typeof getStats>>('/casino/get-stats', { query: { currency: input.currency } })),
    },
  });
}
