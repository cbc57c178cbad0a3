import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { seedMachine, SeedMode, SeedTab, VerifyField, VerifyResult } from '../../../../machines/seed/machine';
import {
  noncesOf,
  selectCanRotate,
  selectCanSaveClientSeed,
  selectHashCheck,
  selectIsSavingClientSeed,
  selectIsSwitchingMode,
  selectClientSeedField,
  selectClientSeedInvalid,
  selectHistory,
  selectIsCopied,
  selectIsLoadingHistory,
  selectIsLoadingSeed,
  selectIsRotating,
  selectIsVerifying,
  selectRotateMessage,
  selectSeedState,
  selectSeedUnavailable,
  selectTab,
  selectVerified,
  selectVerifyForm,
  selectVerifyMessage,
} from '../../../../machines/seed/selectors';
import { formatRoll } from '../../../core/games/dice';
import { VERIFIABLE_GAMES } from '../../../core/fairness/verify';
import type { VerifiableGame } from '../../../core/fairness/verify';
import { useAuth, useModalStackRef, useRuntime } from '../../actors/AppActor';
import { Field, FormAlert } from '../forms/Field';
import formStyles from '../forms/Form.module.css';
import styles from './SeedModal.module.css';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';
import { provideSeed } from '../../actors/seed';
import { TabList } from '../ui/TabList';

type SeedRef = ActorRefFrom<typeof seedMachine>;

const TABS: ReadonlyArray<{ id: SeedTab; label: string }> = [
  { id: 'seeds', label: 'Seeds' },
  { id: 'verify', label: 'Verify' },
  { id: 'history', label: 'History' },
];

const MODES: ReadonlyArray<{ id: SeedMode; label: string }> = [
  { id: 'classic', label: 'Classic' },
  { id: 'instant', label: 'Instant reveal' },
];

const GAME_LABELS: Record<VerifiableGame, string> = { dice: 'Dice', mines: 'Mines', blackjack: 'Blackjack', baccarat: 'Baccarat' };
/** Bets listed per revealed pair; older nonces are still verifiable by hand in the Verify tab. */
const NONCES_SHOWN = 60;

/** The fairness dialog (docs/product.md §1): the active seed pair and rotation, an in-browser verifier, and the revealed pairs. */
export function SeedModal() {
  const runtime = useRuntime();
  const seed = useScreenActor(SCREEN_IDS.seed, runtime.provided(provideSeed), { clientSeed: null });
  return seed ? <Fairness seed={seed} /> : null;
}

function Fairness({ seed }: { seed: ActorRefFrom<ReturnType<typeof provideSeed>> }) {
  const tab = useSelector(seed, selectTab);
  return (
    <div className={styles.seedModal}>
      <TabList
        label="Fairness"
        tabs={TABS}
        selected={tab}
        classes={styles}
        ids={{ tab: (id) => `seed-tab-${id}`, panel: (id) => `seed-panel-${id}` }}
        onSelect={(id) => seed.send({ type: 'user.selectTab', tab: id })}
      />
      <div role="tabpanel" id={`seed-panel-${tab}`} aria-labelledby={`seed-tab-${tab}`}>
        {tab === 'seeds' ? <SeedsTab seed={seed} /> : tab === 'verify' ? <VerifyTab seed={seed} /> : <HistoryTab seed={seed} />}
      </div>
    </div>
  );
}

function CopyButton({ seed, text, what, label }: { seed: SeedRef; text: string; what: string; label: string }) {
  const copied = useSelector(seed, selectIsCopied(what));
  return (
    <button
      type="button"
      className={styles.copy}
      data-copied={copied ? 'true' : undefined}
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      onClick={() => seed.send({ type: 'user.copy', text, what })}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

function ReadOnlyValue({ seed, label, value, what }: { seed: SeedRef; label: string; value: string; what: string }) {
  return (
    <div className={styles.value}>
      <span className={styles.label}>{label}</span>
      <div className={styles.valueRow}>
        <output className={styles.mono} aria-label={label}>
          {value}
        </output>
        <CopyButton seed={seed} text={value} what={what} label={label} />
      </div>
    </div>
  );
}

function SeedsTab({ seed }: { seed: SeedRef }) {
  const [signedIn] = useAuth((s) => s.hasTag('signedIn'));
  const modals = useModalStackRef();
  const state = useSelector(seed, selectSeedState, shallowEqual);
  const loading = useSelector(seed, selectIsLoadingSeed);
  const unavailable = useSelector(seed, selectSeedUnavailable);
  const draft = useSelector(seed, selectClientSeedField);
  const draftInvalid = useSelector(seed, selectClientSeedInvalid);
  const canRotate = useSelector(seed, selectCanRotate);
  const rotating = useSelector(seed, selectIsRotating);
  const rotateMessage = useSelector(seed, selectRotateMessage);
  const canSave = useSelector(seed, selectCanSaveClientSeed);
  const saving = useSelector(seed, selectIsSavingClientSeed);
  const switching = useSelector(seed, selectIsSwitchingMode);

  if (!signedIn) {
    return (
      <div className={styles.note}>
        <p>Log in to see your seeds, rotate them and verify your bets. The Verify tab works for anyone.</p>
        <button type="button" className={formStyles.submit} onClick={() => modals.send({ type: 'user.openModal', name: 'Auth', params: { tab: 'login' } })}>
          Log in
        </button>
      </div>
    );
  }
  if (unavailable) {
    return (
      <div className={styles.note}>
        <p role="alert">Your seeds could not be loaded.</p>
        <button type="button" className={formStyles.secondary} onClick={() => seed.send({ type: 'user.retry' })}>
          Retry
        </button>
      </div>
    );
  }
  if (loading || !state) return <p className={styles.loading}>Loading your seeds…</p>;
  const instant = state.mode === 'instant';

  return (
    <div className={styles.stack}>
      <div className={styles.modes} role="group" aria-label="Seed mode">
        {MODES.map((mode) => (
          <button
            key={mode.id}
            type="button"
            className={styles.mode}
            aria-pressed={state.mode === mode.id}
            disabled={switching}
            onClick={() => seed.send({ type: 'user.chooseMode', mode: mode.id })}
          >
            {mode.label}
          </button>
        ))}
      </div>
      {instant ? (
        <p className={styles.intro}>
          Each bet plays the next server seed of a hash chain, at nonce 0, and that seed is revealed the moment the bet settles: check it
          at once. Its SHA-256 is the hash shown here before the bet, and the next bet&apos;s hash is the seed just revealed.
        </p>
      ) : (
        <p className={styles.intro}>
          Every bet is fixed by HMAC-SHA256 of your client seed and nonce under a server seed committed in advance. Rotate to reveal the
          server seed and check any bet played with it.
        </p>
      )}
      <div className={styles.value}>
        <label className={styles.label} htmlFor="seed-client-seed">
          Client seed
        </label>
        <div className={styles.valueRow}>
          <input
            id="seed-client-seed"
            className={`${styles.input} ${styles.mono}`}
            value={draft}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={draftInvalid ? true : undefined}
            onChange={(event) => seed.send({ type: 'user.editClientSeed', text: event.target.value })}
          />
          <button type="button" className={styles.copy} aria-label="New random client seed" onClick={() => seed.send({ type: 'user.randomizeClientSeed' })}>
            ↻
          </button>
          <CopyButton seed={seed} text={draft} what="clientSeed" label="Client seed" />
        </div>
        {draftInvalid ? <p className={formStyles.fieldError}>1 to 64 characters, no spaces.</p> : null}
      </div>
      {instant ? (
        <>
          <ReadOnlyValue seed={seed} label="Next server seed hash" value={state.seedHash} what="seedHash" />
          <FormAlert message={rotateMessage} />
          <button type="button" className={formStyles.submit} disabled={!canSave} onClick={() => seed.send({ type: 'user.saveClientSeed' })}>
            {saving ? 'Saving…' : 'Save client seed'}
          </button>
        </>
      ) : (
        <>
          <ReadOnlyValue seed={seed} label="Server seed hash" value={state.seedHash} what="seedHash" />
          <ReadOnlyValue seed={seed} label="Next server seed hash" value={state.nextHash} what="nextHash" />
          <div className={styles.value}>
            <span className={styles.label}>Nonce</span>
            <output className={`${styles.mono} ${styles.nonce}`} aria-label="Nonce">
              {state.nonce}
            </output>
          </div>
          <FormAlert message={rotateMessage} />
          <button type="button" className={formStyles.submit} disabled={!canRotate} onClick={() => seed.send({ type: 'user.rotate' })}>
            {rotating ? 'Rotating…' : 'Rotate seed'}
          </button>
        </>
      )}
    </div>
  );
}

function VerifyTab({ seed }: { seed: SeedRef }) {
  const form = useSelector(seed, selectVerifyForm, shallowEqual);
  const verifying = useSelector(seed, selectIsVerifying);
  const verified = useSelector(seed, selectVerified);
  const message = useSelector(seed, selectVerifyMessage);
  const hashCheck = useSelector(seed, selectHashCheck);
  const edit = (field: VerifyField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    seed.send({ type: 'user.editVerifyField', field, value: event.target.value });
  const param = (name: string) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    seed.send({ type: 'user.editGameParam', name, value: event.target.value });

  return (
    <form
      className={styles.stack}
      aria-label="Verify a bet"
      onSubmit={(event) => {
        event.preventDefault();
        seed.send({ type: 'user.runVerify' });
      }}
    >
      <Field label="Server seed" name="serverSeed" value={form.serverSeed} onChange={edit('serverSeed')} spellCheck={false} autoComplete="off" />
      <Field label="Client seed" name="clientSeed" value={form.clientSeed} onChange={edit('clientSeed')} spellCheck={false} autoComplete="off" />
      <Field
        label="Server seed hash shown before the bet (optional)"
        name="seedHash"
        value={form.seedHash}
        onChange={edit('seedHash')}
        spellCheck={false}
        autoComplete="off"
      />
      <div className={styles.pair}>
        <Field label="Nonce" name="nonce" inputMode="numeric" value={form.nonce} onChange={edit('nonce')} autoComplete="off" />
        <label className={styles.selectField}>
          <span className={styles.label}>Game</span>
          <select className={styles.input} value={form.game} onChange={(event) => seed.send({ type: 'user.chooseGame', game: event.target.value as VerifiableGame })}>
            {VERIFIABLE_GAMES.map((game) => (
              <option key={game} value={game}>
                {GAME_LABELS[game]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {form.game === 'dice' ? (
        <div className={styles.pair}>
          <Field label="Win chance (optional)" name="chance" inputMode="decimal" value={form.params.chance ?? ''} onChange={param('chance')} autoComplete="off" />
          <label className={styles.selectField}>
            <span className={styles.label}>Roll</span>
            <select className={styles.input} value={form.params.target ?? ''} onChange={param('target')}>
              <option value="">—</option>
              <option value="under">Under</option>
              <option value="over">Over</option>
            </select>
          </label>
        </div>
      ) : form.game === 'mines' ? (
        <Field label="Mines" name="mines" inputMode="numeric" value={form.params.mines ?? ''} onChange={param('mines')} autoComplete="off" />
      ) : form.game === 'blackjack' ? (
        <Field label="Cards dealt (optional)" name="cards" inputMode="numeric" value={form.params.cards ?? ''} onChange={param('cards')} autoComplete="off" />
      ) : null}
      <FormAlert message={message} />
      <button type="submit" className={formStyles.submit} disabled={verifying}>
        {verifying ? 'Computing…' : 'Verify'}
      </button>
      {hashCheck ? (
        <p className={styles.hashCheck} data-check={hashCheck} role="status">
          {hashCheck === 'match'
            ? '✓ The server seed’s SHA-256 is the hash shown before the bet.'
            : '✗ The server seed’s SHA-256 is not the hash shown before the bet.'}
        </p>
      ) : null}
      {verified ? <Outcome game={form.game} result={verified} /> : null}
    </form>
  );
}

function Outcome({ game, result }: { game: VerifiableGame; result: VerifyResult }) {
  const outcome = result.outcome as Record<string, unknown>;
  if (game === 'dice') {
    const roll = outcome.roll as number;
    const win = outcome.win as boolean | undefined;
    return (
      <div className={styles.outcome} data-outcome={win === undefined ? undefined : win ? 'win' : 'loss'}>
        <span className={styles.label}>Roll</span>
        <output className={styles.roll} data-testid="verified-roll">
          {formatRoll(roll)}
        </output>
        {win !== undefined ? <span className={styles.verdict}>{win ? 'Win' : 'Loss'}</span> : null}
      </div>
    );
  }
  return (
    <div className={styles.outcome}>
      <span className={styles.label}>Outcome</span>
      <pre className={styles.json} data-testid="verified-outcome">
        {JSON.stringify(outcome, null, 1)}
      </pre>
    </div>
  );
}

function HistoryTab({ seed }: { seed: SeedRef }) {
  const history = useSelector(seed, selectHistory);
  const loading = useSelector(seed, selectIsLoadingHistory);
  if (loading && history.length === 0) return <p className={styles.loading}>Loading revealed seeds…</p>;
  if (history.length === 0) return <p className={styles.loading}>No revealed seeds yet. Rotate your seed to reveal the current one.</p>;
  return (
    <ul className={styles.history} aria-label="Revealed seeds">
      {history.map((pair) => {
        const nonces = noncesOf(pair);
        const shown = nonces.slice(-NONCES_SHOWN).reverse();
        return (
          <li key={pair.seedHash} className={styles.pairCard}>
            <ReadOnlyValue seed={seed} label="Server seed" value={pair.serverSeed} what={`serverSeed:${pair.seedHash}`} />
            <div className={styles.meta}>
              <span>
                Client seed <code className={styles.mono}>{pair.clientSeed}</code>
              </span>
              <span>
                {pair.nonce} bet{pair.nonce === 1 ? '' : 's'}
              </span>
            </div>
            {shown.length ? (
              <div className={styles.nonces} aria-label="Verify a bet of this pair">
                {shown.map((nonce) => (
                  <button
                    key={nonce}
                    type="button"
                    className={styles.nonceButton}
                    aria-label={`Verify bet with nonce ${nonce}`}
                    onClick={() => seed.send({ type: 'user.verifyBet', serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce, seedHash: pair.seedHash })}
                  >
                    #{nonce}
                  </button>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
