import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useRuntime } from '../../actors/AppActor';
import { provideRtp } from '../../actors/rtp';
import { useScreenActor } from '../../adapters/screenActor';
import { RtpView } from '../../components/rtp/RtpView';

/** /rtp (issue 23, "The RTP we really paid"): for anyone, linked from the footer. */
export function RtpPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.rtp, runtime.provided(provideRtp));
  return actor ? <RtpView actor={actor} /> : null;
}
