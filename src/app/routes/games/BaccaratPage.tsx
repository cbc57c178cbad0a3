import { BetsPanel } from '../../components/bets/BetsPanel';
import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /baccarat: the game screen arrives with its issue; the live bets table is already here. */
export function BaccaratPage() {
  return (
    <>
      <ComingScreen screen={screenAt('/baccarat')} />
      <BetsPanel />
    </>
  );
}
