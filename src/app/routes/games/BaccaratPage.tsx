import { useRuntime } from '../../actors/AppActor';
import { useGameActor } from '../../adapters/gameActor';
import { provideBaccarat } from '../../actors/games/baccarat';
import { BaccaratGame } from '../../components/baccarat/BaccaratGame';
import { BetsPanel } from '../../components/bets/BetsPanel';

/** /baccarat: the game (one actor per visit of the route) and the live bets table below it. */
export function BaccaratPage() {
  const runtime = useRuntime();
  const actor = useGameActor(runtime.provided(provideBaccarat));
  return (
    <>
      <h1 className="visually-hidden">Baccarat</h1>
      <BaccaratGame actor={actor} />
      <BetsPanel />
    </>
  );
}
