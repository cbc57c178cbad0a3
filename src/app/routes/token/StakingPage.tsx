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
import { useWallet } from '../../actors/AppActor';
import { Card, CurrencyCell, LoadFailed, PageHero, Stat, Table, wideNum } from '../../components/token/parts';
import styles from '../../components/token/Token.module.css';
import type { TokenScreens } from '../../actors/token';
import type { ActorRefFrom } from 'xstate';
import { tokenScreenRoute } from './tokenScreenRoute';
import { TabList } from '../../components/ui/TabList';

type StakingRef = ActorRefFrom<TokenScreens['staking']>;

const TAB_LABELS: Record<HistoryTab, string> = { burn: 'Burn', payout: 'Payout', staking: 'Staking' };

/** /staking: rewards pools and the next payout, My Rewards, locking ACC, and the histories (docs/product.md §2 Staking). */
export const StakingPage = tokenScreenRoute('staking', StakingScreen);

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
      <PageHero id="staking-title" kicker="Staking" title="Lock ACC, earn every day">
        Every bet feeds the rewards pools. Each day at 00:00 UTC, {Math.round(share * 100)}% of every pool is paid to
        stakers in proportion to what they have locked.
      </PageHero>

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
        <Card id="staking-stake" title="Token staking">
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
        </Card>
        <MyRewards actor={actor} />
      </div>

      <Card id="staking-pools" title="Rewards pools">
        <Table columns={[{ label: 'Pool' }, { label: 'Value', num: true }, { label: 'Next payout', num: true }, { label: 'In dollars', wide: true }]}>
          {(data?.pools ?? []).map((pool) => (
            <tr key={pool.currency} data-testid={`rewards-pool-${pool.currency}`}>
              <CurrencyCell currency={pool.currency} />
              <td className={styles.num}>{formatCrypto(pool.totalStaked)}</td>
              <td className={styles.num}>{formatCrypto(nextPayoutOf(pool.totalStaked, share))}</td>
              <td className={wideNum}>{formatFiat(dollars(pool.totalStaked, pool.currency))}</td>
            </tr>
          ))}
        </Table>
      </Card>

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
    <Card
      id="staking-rewards"
      title="My Rewards"
      actions={
        <button type="button" className={`${styles.button} ${styles.small}`} disabled={!canClaim} onClick={() => actor.send({ type: 'user.claim' })}>
          {claiming ? 'Claiming…' : 'Claim'}
        </button>
      }
    >
      {!signedIn ? (
        <p className={styles.muted}>Log in to see your rewards and claim them into your wallet.</p>
      ) : payouts.length === 0 ? (
        <p className={styles.muted}>No rewards yet. Lock ACC to take part in the next payout.</p>
      ) : (
        <Table columns={[{ label: 'Currency' }, { label: 'Available', num: true }, { label: 'Total', wide: true }, { label: 'Claimed', wide: true }]}>
          {payouts.map((p) => (
            <tr key={p.currency} data-testid={`reward-${p.currency}`}>
              <CurrencyCell currency={p.currency} />
              <td className={styles.num} data-testid={`reward-available-${p.currency}`}>
                {formatCrypto(availableReward(p))}
              </td>
              <td className={wideNum}>{formatCrypto(p.total)}</td>
              <td className={wideNum}>{formatCrypto(p.claimed)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
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
    <Card
      id="staking-history"
      title="History"
      actions={
        <TabList
          label="History"
          tabs={tabs.map((tab) => ({ id: tab, label: TAB_LABELS[tab] }))}
          selected={shown.tab}
          classes={styles}
          onSelect={(tab) => actor.send({ type: 'user.selectHistoryTab', tab })}
        />
      }
    >
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
                {shown.tab === 'payout' ? <th className={wideNum}>Stakers</th> : null}
              </tr>
            </thead>
            <tbody>
              {shown.items.map((item) => (
                <tr key={item.id} data-testid={`${shown.tab}-history-row`}>
                  <td>{dateText(item.date)}</td>
                  <td className={styles.num}>{historyAmount(shown.tab, item)}</td>
                  {shown.tab === 'payout' ? <td className={wideNum}>{item.stakers ?? '—'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </Card>
  );
}
