import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /staking: arrives with the token economy's pages. */
export function StakingPage() {
  return <ComingScreen screen={screenAt('/staking')} />;
}
