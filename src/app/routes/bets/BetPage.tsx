import { useParams } from '@tanstack/react-router';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useRuntime } from '../../actors/AppActor';
import { provideBetRecall } from '../../actors/betRecall';
import { useScreenActor } from '../../adapters/screenActor';
import { BetRecallView } from '../../components/recall/BetRecall';

/**
 * /bet/ID (issue 20 "Every bet can be recalled"): a page of its own, not a modal, so the address a
 * player shares renders the same for a visitor, and Back returns to the game. One actor per bet: a
 * new id in the address is a new screen.
 */
export function BetPage() {
  const { betId } = useParams({ from: '/bet/$betId' });
  return <BetScreen key={betId} betId={betId} />;
}

function BetScreen({ betId }: { betId: string }) {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.betRecall, runtime.provided(provideBetRecall), { betId });
  return actor ? <BetRecallView actor={actor} /> : null;
}
