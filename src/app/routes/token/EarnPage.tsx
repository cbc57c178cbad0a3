import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /earn: arrives with the token economy's pages. */
export function EarnPage() {
  return <ComingScreen screen={screenAt('/earn')} />;
}
