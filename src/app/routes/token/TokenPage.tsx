import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /token: arrives with the token economy's pages. */
export function TokenPage() {
  return <ComingScreen screen={screenAt('/token')} />;
}
