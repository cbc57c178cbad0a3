import { useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { selectInstantMode, selectRealityCheck, selectRealityCheckShowing } from '../../../../machines/preferences/selectors';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useRuntime } from '../../actors/AppActor';
import { providePreferences } from '../../actors/preferences';
import type { PreferencesRef } from '../../actors/usePreferences';
import { useDocumentFlag, useFocusOnMount } from '../../adapters/modalHooks';
import { useScreenActor } from '../../adapters/screenActor';
import styles from './RealityCheck.module.css';

/**
 * Spawns the preferences actor while a player is signed in (with the header's signed-in menus): the
 * games read their keys and instant mode from it, and its reality check shows here, over everything.
 */
export function PreferencesHost() {
  const runtime = useRuntime();
  const logic = useMemo(() => providePreferences(runtime), [runtime]);
  const actor = useScreenActor(SCREEN_IDS.preferences, logic);
  return actor ? <PreferencesEffects actor={actor} /> : null;
}

function PreferencesEffects({ actor }: { actor: PreferencesRef }) {
  const instant = useSelector(actor, selectInstantMode);
  const showing = useSelector(actor, selectRealityCheckShowing);
  // The games' CSS animations stop under html[data-instant] (theme.css); their timed steps are the machines' delays.
  useDocumentFlag('instant', instant);
  return showing ? createPortal(<RealityCheckDialog actor={actor} />, document.body) : null;
}

/** The reality check: time played this session and its net result per currency, then Continue playing or Stop playing. */
function RealityCheckDialog({ actor }: { actor: PreferencesRef }) {
  const { played, results } = useSelector(actor, selectRealityCheck);
  const first = useRef<HTMLButtonElement>(null);
  useFocusOnMount(first);
  return (
    <div className={styles.layer} data-modal="RealityCheck">
      <div className={styles.backdrop} />
      <div className={styles.dialog} role="alertdialog" aria-modal="true" aria-labelledby="reality-title" aria-describedby="reality-body">
        <h2 id="reality-title" className={styles.title}>
          Reality check
        </h2>
        <div id="reality-body">
          <p className={styles.played}>
            You have played for <strong data-testid="reality-played">{played ?? 'a while'}</strong> this session.
          </p>
          {results.length === 0 ? (
            <p className={styles.none}>No bets this session.</p>
          ) : (
            <table className={styles.results}>
              <caption className={styles.caption}>Net result this session</caption>
              <thead>
                <tr>
                  <th scope="col">Currency</th>
                  <th scope="col">Bets</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {results.map((result) => {
                  const sign = result.profit.startsWith('-') ? 'loss' : /[1-9]/.test(result.profit) ? 'win' : 'even';
                  return (
                    <tr key={result.currency}>
                      <th scope="row">{result.currency}</th>
                      <td>{result.bets}</td>
                      <td className={styles.net} data-sign={sign}>
                        {sign === 'win' ? '+' : ''}
                        {result.profit} {result.currency}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <div className={styles.actions}>
            <button ref={first} type="button" className={styles.continue} onClick={() => actor.send({ type: 'user.continuePlaying' })}>
              Continue playing
            </button>
            <button type="button" className={styles.stop} onClick={() => actor.send({ type: 'user.stopPlaying' })}>
              Stop playing
            </button>
          </div>
          <p className={styles.note}>Stop playing logs you out. You can change how often this shows in Settings.</p>
        </div>
      </div>
    </div>
  );
}
