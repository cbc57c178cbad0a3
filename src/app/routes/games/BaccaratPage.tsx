import { useRuntime } from '../../actors/AppActor';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';
import { provideBaccarat } from '../../actors/games/baccarat';
import { BaccaratGame } from '../../components/baccarat/BaccaratGame';
import { BetsPanel } from '../../components/bets/BetsPanel';

/** /baccarat: the game (one actor per visit of the route) and the live bets table below it. */
export function BaccaratPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.baccarat, runtime.provided(provideBaccarat));
  return (
    <>
      <h1 className="visually-hidden">Baccarat</h1>
      {actor ? <BaccaratGame actor={actor} /> : null}
      <BetsPanel />
    </>
  );
}
