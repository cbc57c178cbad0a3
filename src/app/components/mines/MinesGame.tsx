import type { ActorRefFrom } from 'xstate';
import { useModalStackRef, useRuntime } from '../../actors/AppActor';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { usePageScreenActor } from '../../adapters/screenActor';
import { provideMines } from '../../actors/games/mines';
import { ShieldIcon } from '../ui/ShieldIcon';
import { MinesBoard } from './MinesBoard';
import { MinesControls } from './MinesControls';
import styles from './MinesGame.module.css';

type MinesRef = ActorRefFrom<ReturnType<typeof provideMines>>;

/** The mines screen (docs/product.md §2): the controls beside (or, on a phone, under) the board, and the fairness button. */
export function MinesGame() {
  const runtime = useRuntime();
  const actor = usePageScreenActor(SCREEN_IDS.mines, runtime.provided(provideMines));
  return actor ? <MinesScreen actor={actor} /> : null;
}

function MinesScreen({ actor }: { actor: MinesRef }) {
  const modals = useModalStackRef();
  return (
    <section className={styles.screen} aria-labelledby="mines-title">
      <header className={styles.head}>
        <h1 id="mines-title">Mines</h1>
        <button type="button" className={styles.fairness} onClick={() => modals.send({ type: 'user.openModal', name: 'Seed' })}>
          <ShieldIcon size={16} />
          <span>Fairness</span>
        </button>
      </header>
      <div className={styles.game}>
        <div className={styles.controls}>
          <MinesControls actor={actor} />
        </div>
        <div className={styles.board}>
          <MinesBoard actor={actor} />
        </div>
      </div>
    </section>
  );
}
