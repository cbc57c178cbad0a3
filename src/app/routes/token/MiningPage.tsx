import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /mining: arrives with the token economy's pages. */
export function MiningPage() {
  return <ComingScreen screen={screenAt('/mining')} />;
}
