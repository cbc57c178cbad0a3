import { BetsPanel } from '../../components/bets/BetsPanel';
import { ComingScreen } from '../ComingScreen';
import { screenAt } from '../screens';

/** /blackjack: the game screen arrives with its issue; the live bets table is already here. */
export function BlackjackPage() {
  return (
    <>
      <ComingScreen screen={screenAt('/blackjack')} />
      <BetsPanel />
    </>
  );
}
