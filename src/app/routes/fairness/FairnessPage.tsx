import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useRuntime } from '../../actors/AppActor';
import { provideBulkVerify } from '../../actors/bulkVerify';
import { useScreenActor } from '../../adapters/screenActor';
import { BulkVerifyView } from '../../components/fairness/BulkVerify';
import styles from '../../components/fairness/BulkVerify.module.css';

/**
 * /fairness (issue 23 "Proof, not promises"): for anyone. The bulk verifier of the bets download;
 * the checks of a single bet stay in the Fairness dialog of each game and on /bet/ID.
 */
export function FairnessPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.bulkVerify, runtime.provided(provideBulkVerify));
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>Fairness</h1>
        <p className={styles.lead}>Every outcome comes from your seeds. Check them all yourself, in bulk, without trusting us.</p>
      </header>
      {actor ? <BulkVerifyView actor={actor} /> : null}
    </div>
  );
}
