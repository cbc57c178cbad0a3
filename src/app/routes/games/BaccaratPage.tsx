import { useRuntime } from '../../actors/AppActor';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { usePageScreenActor } from '../../adapters/screenActor';
import { provideBaccarat } from '../../actors/games/baccarat';
import { useRoundLogic } from '../../actors/usePreferences';
import { INSTANT_DELAYS } from '../../../../machines/shared/instant';
import { BaccaratGame } from '../../components/baccarat/BaccaratGame';
import { BetsPanel } from '../../components/bets/BetsPanel';

/** /baccarat: the game (one actor per visit of the route) and the live bets table below it. */
export function BaccaratPage() {
  const runtime = useRuntime();
  const actor = usePageScreenActor(SCREEN_IDS.baccarat, useRoundLogic(runtime.provided(provideBaccarat), INSTANT_DELAYS.baccarat));
  return (
    <>
      <h1 className="visually-hidden">Baccarat</h1>
      {actor ? <BaccaratGame actor={actor} /> : null}
      <BetsPanel />
    </>
  );
}
