import { useRuntime } from '../../actors/AppActor';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { usePageScreenActor } from '../../adapters/screenActor';
import { provideBlackjack } from '../../actors/games/blackjack';
import { useRoundLogic } from '../../actors/usePreferences';
import { INSTANT_DELAYS } from '../../../../machines/shared/instant';
import { useKeyEvents } from '../../adapters/screenHooks';
import { BLACKJACK_KEYS } from '../../components/hotkeys/gameKeys';
import { BetsPanel } from '../../components/bets/BetsPanel';
import { BlackjackControls } from '../../components/blackjack/BlackjackControls';
import { BlackjackTable } from '../../components/blackjack/BlackjackTable';
import type { BlackjackRef } from '../../components/blackjack/blackjackRef';
import styles from './BlackjackPage.module.css';

type ShortcutEvent = (typeof BLACKJACK_KEYS)[number]['event'];

/** Keyboard: H hit, S stand, D double, P split (the machine decides whether each applies now); the hotkeys panel lists the same. */
const SHORTCUTS: Readonly<Record<string, ShortcutEvent>> = Object.fromEntries(BLACKJACK_KEYS.map((k) => [k.key, k.event]));

/** /blackjack: the table and its controls, with the live bets table below. */
export function BlackjackPage() {
  const runtime = useRuntime();
  const actor = usePageScreenActor(SCREEN_IDS.blackjack, useRoundLogic(runtime.provided(provideBlackjack), INSTANT_DELAYS.blackjack));
  return (
    <>
      {actor ? <BlackjackScreen actor={actor} /> : null}
      <BetsPanel />
    </>
  );
}

function BlackjackScreen({ actor }: { actor: BlackjackRef }) {
  useKeyEvents(actor, SHORTCUTS);
  return (
    <section className={styles.game} aria-labelledby="blackjack-title">
      <h1 id="blackjack-title" className={styles.title}>
        Blackjack
      </h1>
      <div className={styles.controls}>
        <BlackjackControls actor={actor} />
      </div>
      <div className={styles.table}>
        <BlackjackTable actor={actor} />
      </div>
    </section>
  );
}
