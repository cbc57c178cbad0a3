import { BetsPanel } from '../../components/bets/BetsPanel';
import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /dice: the game screen arrives with its issue; the live bets table is already here. */
export function DicePage() {
  return (
    <>
      <ComingScreen screen={screenAt('/dice')} />
      <BetsPanel />
    </>
  );
}
