import { BetsPanel } from '../../components/bets/BetsPanel';
import { MinesGame } from '../../components/mines/MinesGame';

/** /mines: the game (one actor per visit) and the live bets table below it. */
export function MinesPage() {
  return (
    <>
      <MinesGame />
      <BetsPanel />
    </>
  );
}
