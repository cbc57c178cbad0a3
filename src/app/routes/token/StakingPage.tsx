import { useSelector } from '@xstate/react';
import type { HistoryItem, HistoryTab } from '../../../../machines/staking/machine';
import { DEFAULT_DAILY_PAYOUT_SHARE } from '../../../../machines/staking/machine';
import {
  availableReward,
  nextPayoutOf,
  selectClaiming,
  selectCountdown,
  selectShownHistory,
  selectStakingData,
  selectStakingLoadState,
  selectStakingSignedIn,
} from '../../../../machines/staking/selectors';
import { selectRates } from '../../../../machines/wallet/selectors';
import { cryptoToFiat, formatCrypto, formatFiat, formatStaking } from '../../../core/money';
import { useRuntime, useWallet } from '../../actors/AppActor';
import { LoadFailed, Stat } from '../../components/token/parts';
import styles from '../../components/token/Token.module.css';
import { CurrencyIcon } from '../../components/ui/CurrencyIcon';
import { provideTokenScreens } from '../../actors/token';
import type { TokenScreens } from '../../actors/token';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';

type StakingRef = ActorRefFrom<TokenScreens['staking']>;

const TAB_LABELS: Record<HistoryTab, string> = { burn: 'Burn', payout: 'Payout', staking: 'Staking' };

/** /staking: rewards pools and the next payout, My Rewards, locking ACC, and the histories (docs/product.md §2 Staking). */
export function StakingPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.staking, runtime.provided(provideTokenScreens).staking, { now: Date.now() });
  return actor ? <StakingScreen actor={actor} /> : null;
}

function StakingScreen({ actor }: { actor: StakingRef }) {
  const data = useSelector(actor, selectStakingData);
  const state = useSelector(actor, selectStakingLoadState);
  const signedIn = useSelector(actor, selectStakingSignedIn);
  const countdown = useSelector(actor, selectCountdown);
  const [rates] = useWallet(selectRates);
  const [accBalance] = useWallet((s) => s.context.wallets.find((w) => w.currencySymbol === 'ACC')?.balance ?? 0);
  const canLock = useSelector(actor, (s) => s.can({ type: 'user.lock' }));
  const canUnlock = useSelector(actor, (s) => s.can({ type: 'user.unlock' }));
  const share = data?.dailyPayoutShare ?? DEFAULT_DAILY_PAYOUT_SHARE;
  const dollars = (amount: number, currency: string) => (rates[currency] ? cryptoToFiat(amount, rates[currency]) : 0);
  const poolValue = data ? data.pools.reduce((sum, p) => sum + dollars(p.totalStaked, p.currency), 0) : null;
  const nextPayout = data ? data.pools.reduce((sum, p) => sum + dollars(nextPayoutOf(p.totalStaked, share), p.currency), 0) : null;

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="staking-title">
        <h1 id="staking-title" className={styles.kicker}>
          Staking
        </h1>
        <p className={styles.title}>Lock ACC, earn every day</p>
        <p className={styles.lead}>
          Every bet feeds the rewards pools. Each day at 00:00 UTC, {Math.round(share * 100)}% of every pool is paid to
          stakers in proportion to what they have locked.
        </p>
      </section>

      {state === 'failed' ? <LoadFailed what="The staking figures" onRetry={() => actor.send({ type: 'user.retry' })} /> : null}

      <section aria-label="Rewards" className={styles.stats}>
        <Stat label="Rewards pool value" value={poolValue === null ? null : formatFiat(poolValue)} testId="staking-pool-value" />
        <Stat
          label="Next payout"
          value={nextPayout === null ? null : formatFiat(nextPayout)}
          hint={`${Math.round(share * 100)}% of the pools`}
          highlight
          testId="staking-next-payout"
        />
        <Stat label="Payout in" value={<span className={styles.countdown} data-testid="staking-countdown">{countdown}</span>} hint="Midnight UTC" />
      </section>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="staking-stake">
          <div className={styles.cardHead}>
            <h2 id="staking-stake" className={styles.cardTitle}>
              Token staking
            </h2>
          </div>
          <dl className={styles.details}>
            <dt>Total locked</dt>
            <dd data-testid="staking-total-locked">{data ? `${formatStaking(data.totalLocked)} ACC` : '…'}</dd>
            <dt>Your stake</dt>
            <dd data-testid="staking-user-staked">{signedIn ? (data ? `${formatStaking(data.userTotalStaked)} ACC` : '…') : '—'}</dd>
            <dt>Your share</dt>
            <dd>{signedIn && data && data.totalLocked > 0 ? `${((data.userTotalStaked / data.totalLocked) * 100).toFixed(2)}%` : '—'}</dd>
            <dt>ACC in wallet</dt>
            <dd data-testid="staking-wallet-acc">{signedIn ? `${formatStaking(accBalance)} ACC` : '—'}</dd>
            <dt>Unlock fee</dt>
            <dd>{((data?.unlockFee ?? 0.01) * 100).toFixed(0)}% (burned)</dd>
          </dl>
          <div className={styles.ctaRow}>
            <button type="button" className={styles.button} disabled={!canLock} onClick={() => actor.send({ type: 'user.lock' })}>
              Lock
            </button>
            <button type="button" className={styles.buttonGhost} disabled={!canUnlock} onClick={() => actor.send({ type: 'user.unlock' })}>
              Unlock
            </button>
          </div>
        </section>
        <MyRewards actor={actor} />
      </div>

      <section className={styles.card} aria-labelledby="staking-pools">
        <div className={styles.cardHead}>
          <h2 id="staking-pools" className={styles.cardTitle}>
            Rewards pools
          </h2>
        </div>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Pool</th>
                <th className={styles.num}>Value</th>
                <th className={styles.num}>Next payout</th>
                <th className={`${styles.num} ${styles.hideMobile}`}>In dollars</th>
              </tr>
            </thead>
            <tbody>
              {(data?.pools ?? []).map((pool) => (
                <tr key={pool.currency} data-testid={`rewards-pool-${pool.currency}`}>
                  <td>
                    <span className={styles.currency}>
                      <CurrencyIcon symbol={pool.currency} /> {pool.currency}
                    </span>
                  </td>
                  <td className={styles.num}>{formatCrypto(pool.totalStaked)}</td>
                  <td className={styles.num}>{formatCrypto(nextPayoutOf(pool.totalStaked, share))}</td>
                  <td className={`${styles.num} ${styles.hideMobile}`}>{formatFiat(dollars(pool.totalStaked, pool.currency))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <Histories actor={actor} signedIn={signedIn} />
    </div>
  );
}

function MyRewards({ actor }: { actor: StakingRef }) {
  const data = useSelector(actor, selectStakingData);
  const signedIn = useSelector(actor, selectStakingSignedIn);
  const claiming = useSelector(actor, selectClaiming);
  const canClaim = useSelector(actor, (s) => s.can({ type: 'user.claim' }));
  const payouts = data?.stakingPayouts ?? [];
  return (
    <section className={styles.card} aria-labelledby="staking-rewards">
      <div className={styles.cardHead}>
        <h2 id="staking-rewards" className={styles.cardTitle}>
          My Rewards
        </h2>
        <button type="button" className={`${styles.button} ${styles.small}`} disabled={!canClaim} onClick={() => actor.send({ type: 'user.claim' })}>
          {claiming ? 'Claiming…' : 'Claim'}
        </button>
      </div>
      {!signedIn ? (
        <p className={styles.muted}>Log in to see your rewards and claim them into your wallet.</p>
      ) : payouts.length === 0 ? (
        <p className={styles.muted}>No rewards yet. Lock ACC to take part in the next payout.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Currency</th>
                <th className={styles.num}>Available</th>
                <th className={`${styles.num} ${styles.hideMobile}`}>Total</th>
                <th className={`${styles.num} ${styles.hideMobile}`}>Claimed</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={p.currency} data-testid={`reward-${p.currency}`}>
                  <td>
                    <span className={styles.currency}>
                      <CurrencyIcon symbol={p.currency} /> {p.currency}
                    </span>
                  </td>
                  <td className={styles.num} data-testid={`reward-available-${p.currency}`}>
                    {formatCrypto(availableReward(p))}
                  </td>
                  <td className={`${styles.num} ${styles.hideMobile}`}>{formatCrypto(p.total)}</td>
                  <td className={`${styles.num} ${styles.hideMobile}`}>{formatCrypto(p.claimed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const dateText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
};

function historyAmount(tab: HistoryTab, item: HistoryItem): string {
  if (tab === 'staking') {
    const text = `${formatStaking(Math.abs(item.amount))} ${item.currency}`;
    return item.amount < 0 ? `Unlocked ${text}${item.fee ? ` (fee ${formatCrypto(item.fee)})` : ''}` : `Locked ${text}`;
  }
  return `${formatCrypto(item.amount)} ${item.currency}`;
}

function Histories({ actor, signedIn }: { actor: StakingRef; signedIn: boolean }) {
  const shown = useSelector(actor, selectShownHistory);
  const tabs: HistoryTab[] = signedIn ? ['burn', 'payout', 'staking'] : ['burn', 'payout'];
  return (
    <section className={styles.card} aria-labelledby="staking-history">
      <div className={styles.cardHead}>
        <h2 id="staking-history" className={styles.cardTitle}>
          History
        </h2>
        <div className={styles.tabs} role="tablist" aria-label="History">
          {tabs.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={shown.tab === tab}
              className={styles.tab}
              onClick={() => actor.send({ type: 'user.selectHistoryTab', tab })}
            >
              {TAB_LABELS[tab]}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={`${TAB_LABELS[shown.tab]} history`} className={styles.tableWrap}>
        {shown.status === 'loading' ? <p className={styles.empty}>Loading…</p> : null}
        {shown.status === 'failed' ? (
          <div className={styles.empty}>
            The history could not be loaded.{' '}
            <button type="button" className={`${styles.buttonGhost} ${styles.small}`} onClick={() => actor.send({ type: 'user.retryHistory', tab: shown.tab })}>
              Retry
            </button>
          </div>
        ) : null}
        {shown.status === 'loaded' && shown.items.length === 0 ? <p className={styles.empty}>Nothing here yet.</p> : null}
        {shown.status === 'loaded' && shown.items.length > 0 ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Date</th>
                <th className={styles.num}>Amount</th>
                {shown.tab === 'payout' ? <th className={`${styles.num} ${styles.hideMobile}`}>Stakers</th> : null}
              </tr>
            </thead>
            <tbody>
              {shown.items.map((item) => (
                <tr key={item.id} data-testid={`${shown.tab}-history-row`}>
                  <td>{dateText(item.date)}</td>
                  <td className={styles.num}>{historyAmount(shown.tab, item)}</td>
                  {shown.tab === 'payout' ? <td className={`${styles.num} ${styles.hideMobile}`}>{item.stakers ?? '—'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </section>
  );
}
