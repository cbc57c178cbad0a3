import { BetsPanel } from '../../components/bets/BetsPanel';
import { DiceGame } from '../../components/dice/DiceGame';
import { useRuntime } from '../../actors/AppActor';
import { useGameActor } from '../../adapters/gameActor';
import { provideDice } from '../../actors/games/dice';

/** /dice: the game (one dice actor per visit) and the live bets table below it. */
export function DicePage() {
  const runtime = useRuntime();
  const dice = useGameActor(runtime.provided(provideDice));
  return (
    <>
      <DiceGame dice={dice} />
      <BetsPanel />
    </>
  );
}
