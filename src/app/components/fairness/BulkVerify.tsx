import { Link } from '../ui/Link';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bulkVerifyMachine } from '../../../../machines/bulkVerify/machine';
import {
  selectAllMatched,
  selectDragOver,
  selectError,
  selectFileName,
  selectPercentRead,
  selectProgress,
  selectStage,
  selectSummary,
  selectSummaryLines,
} from '../../../../machines/bulkVerify/selectors';
import styles from './BulkVerify.module.css';

export type BulkVerifyRef = ActorRefFrom<typeof bulkVerifyMachine>;

/** The /fairness page's bulk verifier: drop (or choose) the bets download, see the CLI's summary. */
export function BulkVerifyView({ actor }: { actor: BulkVerifyRef }) {
  const stage = useSelector(actor, selectStage);
  const dragOver = useSelector(actor, selectDragOver);
  const busy = stage === 'verifying';
  const input = useRef<HTMLInputElement>(null);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) actor.send({ type: 'user.fileChosen', file });
  };

  return (
    <section className={styles.card} aria-labelledby="bulk-title" data-stage={stage}>
      <div>
        <h2 id="bulk-title" className={styles.cardTitle}>
          Verify all your bets
        </h2>
        <p className={styles.muted}>
          Download your bets on the <Link to="/transactions" className={styles.link}>Transactions</Link> page, then drop the file here. Every bet whose server seed
          is revealed is recomputed in this browser and compared with its outcome, multiplier and payout; each revealed seed is checked against the hash shown
          before its bets. Nothing is sent anywhere. Offline: <code className={styles.code}>npm run verify -- --file bets.jsonl</code>
        </p>
      </div>
      <div
        className={styles.zone}
        data-over={dragOver}
        data-testid="bulk-drop-zone"
        aria-busy={busy}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!busy) actor.send({ type: 'user.dragEnter' });
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
          actor.send({ type: 'user.dragLeave' });
        }}
        onDrop={(event) => {
          event.preventDefault();
          if (!busy) choose(event.dataTransfer.files);
        }}
      >
        <p className={styles.zoneTitle}>{dragOver ? 'Drop to verify' : 'Drop bets.jsonl or bets.csv here'}</p>
        <p className={styles.note}>or</p>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => input.current?.click()}>
          Choose file
        </button>
        <input
          ref={input}
          className={styles.file}
          type="file"
          accept=".jsonl,.csv,.ndjson,application/x-ndjson,text/csv"
          aria-label="Bets file"
          onChange={(event) => {
            choose(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </div>
      <Progress actor={actor} />
      <Result actor={actor} />
    </section>
  );
}

function Progress({ actor }: { actor: BulkVerifyRef }) {
  const stage = useSelector(actor, selectStage);
  const fileName = useSelector(actor, selectFileName);
  const { bets } = useSelector(actor, selectProgress);
  const percent = useSelector(actor, selectPercentRead);
  if (stage !== 'verifying') return null;
  return (
    <div className={styles.progress} role="status">
      <p className={styles.muted}>
        {bets === 0 ? `Reading ${fileName}…` : `Checked ${bets.toLocaleString('en-US')} ${bets === 1 ? 'bet' : 'bets'} · ${percent}% of ${fileName} read…`}
      </p>
      <progress className={styles.bar} value={percent} max={100} aria-label="File read" />
    </div>
  );
}

function Result({ actor }: { actor: BulkVerifyRef }) {
  const stage = useSelector(actor, selectStage);
  const error = useSelector(actor, selectError);
  const summary = useSelector(actor, selectSummary);
  const lines = useSelector(actor, selectSummaryLines);
  const allMatched = useSelector(actor, selectAllMatched);
  const fileName = useSelector(actor, selectFileName);
  if (stage === 'failed') {
    return (
      <p className={styles.error} role="alert">
        {error}
      </p>
    );
  }
  if (stage !== 'done' || !summary || !lines) return null;
  return (
    <div className={styles.summary} aria-label="Verification summary" data-ok={allMatched}>
      <p className={styles.fileLine}>
        {fileName}: {summary.total.toLocaleString('en-US')} {summary.total === 1 ? 'bet' : 'bets'}
      </p>
      <ul className={styles.checks}>
        <li data-ok={allMatched}>
          <span className={styles.mark} aria-hidden="true">
            {allMatched ? '✓' : '✗'}
          </span>
          {lines.headline}
        </li>
        {lines.mismatches.map((line) => (
          <li key={line} data-ok="false" className={styles.mismatch}>
            {line}
          </li>
        ))}
        <li data-ok="pending">{lines.awaiting}</li>
      </ul>
      {summary.awaitingReveal > 0 ? (
        <p className={styles.note}>Bets await a reveal while their seed pair still plays: rotate your seed (the Fairness button of any game), download again and verify them.</p>
      ) : null}
      <button type="button" className={styles.secondary} onClick={() => actor.send({ type: 'user.reset' })}>
        Verify another file
      </button>
    </div>
  );
}
