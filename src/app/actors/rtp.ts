import { fromPromise } from 'xstate';
import type { Reply } from '../../core/contracts/common';
import type { getRtp } from '../../core/contracts/rtp';
import { rtpMachine } from '../../../machines/rtp/machine';
import type { ScreenRuntime } from './screenRuntime';

/** The measured RTP page's read (GET /casino/rtp, for anyone). */
export function provideRtp({ api }: ScreenRuntime) {
  return rtpMachine.provide({
    actors: {
      fetchRtp: fromPromise(() => api.get<Reply<typeof getRtp>>('/casino/rtp')),
    },
  });
}
