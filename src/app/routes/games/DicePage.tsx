import { BetsPanel } from '../../components/bets/BetsPanel';
import { DiceGame } from '../../components/dice/DiceGame';
import { useRuntime } from '../../actors/AppActor';
import { useGameActor } from '../../adapters/gameActor';

/** /dice: the game (one dice actor per visit) and the live bets table below it. */
export function DicePage() {
  const runtime = useRuntime();
  const dice = useGameActor(runtime.games.dice);
  return (
    <>
      <DiceGame dice={dice} />
      <BetsPanel />
    </>
  );
}
