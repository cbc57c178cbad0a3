import { BetsPanel } from '../../components/bets/BetsPanel';
import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /mines: the game screen arrives with its issue; the live bets table is already here. */
export function MinesPage() {
  return (
    <>
      <ComingScreen screen={screenAt('/mines')} />
      <BetsPanel />
    </>
  );
}
