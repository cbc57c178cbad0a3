import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { BalanceCheck, LiabilitySnapshot } from '../../../machines/liabilities/machine';
import {
  selectChecks,
  selectCheckingCurrency,
  selectLatestSnapshot,
  selectListError,
  selectSnapshotsFailed,
  selectSnapshotsLoading,
} from '../../../machines/liabilities/selectors';
import { SCREEN_IDS } from '../../../machines/shared/screens';
import { formatCrypto } from '../../core/units';
import { useRuntime } from '../actors/AppActor';
import { provideLiabilities } from '../actors/liabilities';
import { useScreenActor } from '../adapters/screenActor';
import { localDateTime } from '../format';
import { CurrencyIcon } from '../components/ui/CurrencyIcon';
import styles from '../components/liabilities/Liabilities.module.css';

type LiabilitiesActor = ActorRefFrom<ReturnType<typeof provideLiabilities>>;
type Root = LiabilitySnapshot['currencies'][number];

const coins = (units: string) => formatCrypto(BigInt(units));

/** /liabilities (issue 23): what the casino owes its players beside what it holds, and a player's own check. For anyone. */
export function LiabilitiesPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.liabilities, runtime.provided(provideLiabilities));
  return (
    <div className={styles.page}>
      <div>
        <h1>Proof of liabilities</h1>
        <p className={styles.lead}>
          Every hour every player&apos;s balance goes into a Merkle sum tree, one per currency. Its root sums what we owe you all; beside it stands what
          the casino holds. Signed in, you can check that your own balance is counted, here in your browser or offline.
        </p>
      </div>
      {actor ? <Liabilities actor={actor} /> : null}
    </div>
  );
}

function Liabilities({ actor }: { actor: LiabilitiesActor }) {
  const snapshot = useSelector(actor, selectLatestSnapshot);
  const loading = useSelector(actor, selectSnapshotsLoading);
  const failed = useSelector(actor, selectSnapshotsFailed);
  const listError = useSelector(actor, selectListError);
  if (loading) {
    return (
      <p className={styles.note} role="status">
        Loading the liabilities…
      </p>
    );
  }
  if (failed) {
    return (
      <div className={styles.failed}>
        <p className={styles.alert} role="alert">
          {listError}
        </p>
        <button type="button" className={styles.secondary} onClick={() => actor.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  if (!snapshot) return <p className={styles.note}>No snapshot has been taken yet.</p>;
  return (
    <>
      <p className={styles.meta}>
        <span data-testid="snapshot">
          Snapshot <strong>#{snapshot.id}</strong>
        </span>
        <span>
          Taken <strong>{localDateTime(snapshot.takenAt)}</strong>
        </span>
      </p>
      <div className={styles.grid}>
        {snapshot.currencies.map((root) => (
          <CurrencyCard key={root.currency} actor={actor} root={root} />
        ))}
      </div>
      <p className={styles.how}>
        Offline: after a check, Download proof and run <code>npm run verify -- --liabilities proof.json</code> (or your own verifier: the scheme is in
        docs/fairness.md).
      </p>
    </>
  );
}

function CurrencyCard({ actor, root }: { actor: LiabilitiesActor; root: Root }) {
  const checking = useSelector(actor, selectCheckingCurrency);
  const check = useSelector(actor, (s) => selectChecks(s)[root.currency]);
  const canVerify = useSelector(actor, (s) => s.can({ type: 'user.verify', currency: root.currency }));
  const covered = BigInt(root.reserves) >= BigInt(root.total);
  const busy = checking === root.currency;
  return (
    <section className={styles.card} aria-label={`${root.currency} liabilities`} data-currency={root.currency}>
      <div className={styles.cardHead}>
        <h2 className={styles.currency}>
          <CurrencyIcon symbol={root.currency} size={22} />
          {root.currency}
        </h2>
        <span className={styles.coverage} data-covered={covered}>
          {covered ? 'Covered' : 'Not covered'}
        </span>
      </div>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>Liabilities</dt>
          <dd data-testid="liabilities">{coins(root.total)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Reserves</dt>
          <dd data-testid="reserves">{coins(root.reserves)}</dd>
        </div>
      </dl>
      <p className={styles.root}>
        Root hash · {root.leaves} {root.leaves === 1 ? 'wallet' : 'wallets'}
        <span className={styles.hash}>{root.rootHash}</span>
      </p>
      <button
        type="button"
        className={styles.button}
        disabled={!canVerify}
        onClick={() => actor.send({ type: 'user.verify', currency: root.currency })}
      >
        {busy ? 'Verifying…' : 'Verify my balance'}
      </button>
      {check ? <CheckResult check={check} root={root} onDownload={() => actor.send({ type: 'user.downloadProof', currency: root.currency })} /> : null}
    </section>
  );
}

function CheckResult({ check, root, onDownload }: { check: BalanceCheck; root: Root; onDownload: () => void }) {
  if (check.outcome === 'failed') {
    return (
      <div className={styles.result} data-outcome="failed" role="alert">
        <p className={styles.verdict}>Could not verify</p>
        <p>{check.message}</p>
      </div>
    );
  }
  return (
    <div className={styles.result} data-outcome={check.outcome} role="status">
      <p className={styles.verdict}>{check.outcome === 'match' ? 'Match: your balance is counted' : 'Mismatch: the proof does not reach the published root'}</p>
      <p>
        Balance proved: <strong>{coins(check.balance)}</strong> {root.currency}
      </p>
      <p>
        Root reached
        <span className={styles.hash}>{check.computedRoot || 'none'}</span>
      </p>
      {check.outcome === 'mismatch' ? (
        <p>
          Root published
          <span className={styles.hash}>{root.rootHash}</span>
        </p>
      ) : null}
      <button type="button" className={styles.link} onClick={onDownload}>
        Download proof
      </button>
    </div>
  );
}
