import { Link } from '../ui/Link';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { betRecallMachine, BetDetail } from '../../../../machines/betRecall/machine';
import { RECALL_MESSAGES } from '../../../../machines/betRecall/machine';
import { selectBet, selectBetId, selectCheck, selectFairness, selectPage, selectRecall, selectShare } from '../../../../machines/betRecall/selectors';
import type { RecallFairness } from '../../../../machines/betRecall/selectors';
import type { BetRecall, RecallCheck } from '../../../core/bets/recall';
import { selectDisplayFiat, selectRates } from '../../../../machines/wallet/selectors';
import { useWalletRef } from '../../actors/AppActor';
import { formatAmount } from '../../format';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import { Fact, GameRecall } from './GameRecall';
import styles from './BetRecall.module.css';

export type BetRecallRef = ActorRefFrom<typeof betRecallMachine>;

const GAME_PATHS: Record<string, '/dice' | '/mines' | '/blackjack' | '/baccarat'> = {
  Dice: '/dice',
  Mines: '/mines',
  Blackjack: '/blackjack',
  Baccarat: '/baccarat',
};

// Made on first use: building an Intl formatter loads its locale data, which a page's first paint does not need.
let time: Intl.DateTimeFormat | undefined;
const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${(time ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' })).format(date)} UTC`;
};

/** /bet/ID (issue 20): one bet as anyone may see it, the game as played, and its fairness check. */
export function BetRecallView({ actor }: { actor: BetRecallRef }) {
  const page = useSelector(actor, selectPage);
  const betId = useSelector(actor, selectBetId);
  if (page === 'shown') return <ShownBet actor={actor} />;
  return (
    <section className={styles.page} aria-labelledby="bet-title" data-page={page}>
      <div className={`${styles.card} ${styles.message}`} aria-live="polite">
        {page === 'loading' ? (
          <>
            <h1 id="bet-title">Bet #{betId}</h1>
            <p className={styles.muted}>Loading the bet…</p>
          </>
        ) : null}
        {page === 'malformed' ? (
          <>
            <h1 id="bet-title">{RECALL_MESSAGES.malformed}</h1>
            <p className={styles.muted}>{RECALL_MESSAGES.malformedHint}</p>
          </>
        ) : null}
        {page === 'notFound' ? (
          <>
            <h1 id="bet-title">{RECALL_MESSAGES.notFound(betId)}</h1>
            <p className={styles.muted}>{RECALL_MESSAGES.notFoundHint}</p>
          </>
        ) : null}
        {page === 'unavailable' ? (
          <>
            <h1 id="bet-title">{RECALL_MESSAGES.unavailable}</h1>
            <p className={styles.muted}>{RECALL_MESSAGES.unavailableHint}</p>
            <button type="button" className={styles.primary} onClick={() => actor.send({ type: 'user.retry' })}>
              Try again
            </button>
          </>
        ) : null}
        {page !== 'loading' && page !== 'unavailable' ? (
          <p>
            <Link to="/" className={styles.link}>
              Back to the games
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}

function ShownBet({ actor }: { actor: BetRecallRef }) {
  const bet = useSelector(actor, selectBet)!;
  const recall = useSelector(actor, selectRecall)!;
  const wallet = useWalletRef();
  const displayFiat = useSelector(wallet, selectDisplayFiat);
  const rates = useSelector(wallet, selectRates);
  const money = (amount: number) => (
    <span className={styles.amount}>
      {formatAmount(amount, bet.currency, displayFiat ? rates[bet.currency] : undefined)} <CurrencyIcon symbol={bet.currency} size={14} />
    </span>
  );
  const gamePath = GAME_PATHS[bet.gameName];
  return (
    <section className={styles.page} aria-labelledby="bet-title" data-page="shown">
      <header className={styles.head}>
        <div>
          <p className={styles.kicker}>{bet.gameName}</p>
          <h1 id="bet-title">Bet #{bet.id}</h1>
        </div>
        <div className={styles.actions}>
          <CopyLink actor={actor} />
          {gamePath ? (
            <Link to={gamePath} className={styles.secondary}>
              Play {bet.gameName}
            </Link>
          ) : null}
        </div>
      </header>

      <dl className={`${styles.card} ${styles.summary}`} aria-label="Bet">
        <Fact label="Game">{bet.gameName}</Fact>
        <Fact label="Player">{bet.playerName}</Fact>
        <Fact label="Time">{timeOf(bet.createdAt)}</Fact>
        <Fact label="Wager">{money(bet.wager)}</Fact>
        <Fact label="Multiplier">{bet.multiplier.toFixed(2)}×</Fact>
        <Fact label="Payout">
          <span data-outcome={bet.multiplier >= 1 ? 'win' : 'loss'} className={styles.payout}>
            {money(bet.payout)}
          </span>
        </Fact>
      </dl>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="recall-title">
          <h2 id="recall-title" className={styles.cardTitle}>
            The game as played
          </h2>
          <GameRecall recall={recall} formatCoins={(amount) => money(amount)} />
        </section>
        <FairnessPanel actor={actor} bet={bet} recall={recall} />
      </div>
    </section>
  );
}

/** The bet's address to the clipboard: the same page for anyone who opens it. */
function CopyLink({ actor }: { actor: BetRecallRef }) {
  const share = useSelector(actor, selectShare);
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        data-copied={share === 'copied' ? 'true' : undefined}
        disabled={share === 'copying'}
        onClick={() => actor.send({ type: 'user.copyLink' })}
      >
        {share === 'copied' ? 'Link copied' : 'Copy link'}
      </button>
      {share === 'copyFailed' ? (
        <p className={styles.error} role="alert">
          {RECALL_MESSAGES.copyFailed}
        </p>
      ) : null}
    </>
  );
}

const VERIFY_SHOWN: readonly RecallFairness[] = ['revealed', 'verifying', 'matched', 'mismatched', 'verifyFailed'];

function FairnessPanel({ actor, bet, recall }: { actor: BetRecallRef; bet: BetDetail; recall: BetRecall }) {
  const fairness = useSelector(actor, selectFairness);
  const check = useSelector(actor, selectCheck);
  const canVerify = useSelector(actor, (s) => s.can({ type: 'user.verify' }));
  return (
    <section className={styles.card} aria-labelledby="fairness-title" data-fairness={fairness ?? undefined}>
      <h2 id="fairness-title" className={styles.cardTitle}>
        Fairness
      </h2>
      <div className={styles.seeds}>
        <SeedValue label="Server seed hash" value={bet.seedHash} />
        <SeedValue label="Client seed" value={bet.clientSeed} />
        <SeedValue label="Nonce" value={bet.nonce === null ? null : String(bet.nonce)} />
        {bet.serverSeed !== null ? <SeedValue label="Server seed" value={bet.serverSeed} /> : null}
      </div>
      {fairness === 'sealed' ? (
        <p className={styles.notice} role="note">
          {RECALL_MESSAGES.sealed}
        </p>
      ) : null}
      {fairness === 'unverifiable' ? (
        <p className={styles.notice} role="note">
          {bet.seedHash === null ? RECALL_MESSAGES.noSeeds : RECALL_MESSAGES.unreadable}
        </p>
      ) : null}
      {fairness && VERIFY_SHOWN.includes(fairness) ? (
        <>
          <button type="button" className={styles.primary} disabled={!canVerify} onClick={() => actor.send({ type: 'user.verify' })}>
            {fairness === 'verifying' ? 'Verifying…' : 'Verify'}
          </button>
          <p className={styles.muted}>Verify recomputes this {bet.gameName.toLowerCase()} bet in your browser from the revealed server seed, with the same code as the Fairness dialog.</p>
        </>
      ) : null}
      {fairness === 'verifyFailed' ? (
        <p className={styles.error} role="alert">
          {RECALL_MESSAGES.verifyFailed}
        </p>
      ) : null}
      {check ? <CheckResult check={check} recall={recall} /> : null}
    </section>
  );
}

function CheckResult({ check, recall }: { check: RecallCheck; recall: BetRecall }) {
  return (
    <ul className={styles.checks} aria-label="Verification" aria-live="polite">
      <li data-ok={check.hashMatches ? 'true' : 'false'}>
        <span className={styles.mark} aria-hidden="true">
          {check.hashMatches ? '✓' : '✗'}
        </span>
        {check.hashMatches ? 'SHA-256 of the server seed equals the hash shown before the bet.' : 'SHA-256 of the server seed does not equal the hash shown before the bet.'}
      </li>
      <li data-ok={check.outcomeMatches ? 'true' : 'false'}>
        <span className={styles.mark} aria-hidden="true">
          {check.outcomeMatches ? '✓' : '✗'}
        </span>
        {check.outcomeMatches
          ? `Recomputed here: ${check.computed}, the same as the ${recall.game === 'unreadable' ? 'bet' : recall.game} bet shows.`
          : `Recomputed here: ${check.computed}, which differs from what the bet shows.`}
      </li>
    </ul>
  );
}

function SeedValue({ label, value }: { label: string; value: string | null }) {
  return (
    <div className={styles.seed}>
      <span className={styles.seedLabel}>{label}</span>
      <output className={styles.mono}>{value ?? 'not recorded'}</output>
    </div>
  );
}
