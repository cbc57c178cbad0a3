import { BetsPanel } from '../../components/bets/BetsPanel';
import { DiceGame } from '../../components/dice/DiceGame';
import { useRuntime } from '../../actors/AppActor';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { usePageScreenActor } from '../../adapters/screenActor';
import { provideDice } from '../../actors/games/dice';

/** /dice: the game (one dice actor per visit) and the live bets table below it. */
export function DicePage() {
  const runtime = useRuntime();
  const dice = usePageScreenActor(SCREEN_IDS.dice, runtime.provided(provideDice));
  return (
    <>
      {dice ? <DiceGame dice={dice} /> : null}
      <BetsPanel />
    </>
  );
}
