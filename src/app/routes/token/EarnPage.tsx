import { useSelector } from '@xstate/react';
import { bankrollTotals, selectEarnLoadState, selectEarnSignedIn, selectPools, selectPositions } from '../../../../machines/earn/selectors';
import { selectRates } from '../../../../machines/wallet/selectors';
import { formatCrypto, formatFiat } from '../../../core/money';
import { useRuntime, useWallet } from '../../actors/AppActor';
import { LoadFailed, Stat } from '../../components/token/parts';
import styles from '../../components/token/Token.module.css';
import { CurrencyIcon } from '../../components/ui/CurrencyIcon';
import { provideTokenScreens } from '../../actors/token';
import type { TokenScreens } from '../../actors/token';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';

const signed = (n: number) => (n < 0 ? styles.negative : n > 0 ? styles.positive : '');

/** /earn: the bankroll pools, adding liquidity to them, and the player's positions (docs/product.md §2 Earn). */
export function EarnPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.earn, runtime.provided(provideTokenScreens).earn, { now: Date.now() });
  return actor ? <EarnScreen actor={actor} /> : null;
}

function EarnScreen({ actor }: { actor: ActorRefFrom<TokenScreens['earn']> }) {
  const pools = useSelector(actor, selectPools);
  const positions = useSelector(actor, selectPositions);
  const state = useSelector(actor, selectEarnLoadState);
  const signedIn = useSelector(actor, selectEarnSignedIn);
  const [rates] = useWallet(selectRates);
  const loaded = state !== 'loading' || pools.length > 0;
  const totals = bankrollTotals(pools, rates);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="earn-title">
        <h1 id="earn-title" className={styles.kicker}>
          Earn
        </h1>
        <p className={styles.title}>Be the house</p>
        <p className={styles.lead}>
          Add liquidity to a bankroll pool and own a share of it. Every bet in that currency is won or lost by the pool, so
          investors share the house edge — and its swings.
        </p>
      </section>

      {state === 'failed' ? <LoadFailed what="The bankroll pools" onRetry={() => actor.send({ type: 'user.retry' })} /> : null}

      <section aria-label="Bankroll totals" className={styles.stats}>
        <Stat label="Total value locked" value={loaded ? formatFiat(totals.valueLocked) : null} highlight testId="earn-tvl" />
        <Stat label="Total profit" value={loaded ? <span className={signed(totals.profit)}>{formatFiat(totals.profit)}</span> : null} />
        <Stat label="Total volume" value={loaded ? formatFiat(totals.volume) : null} />
      </section>

      <section className={styles.card} aria-labelledby="earn-pools">
        <div className={styles.cardHead}>
          <h2 id="earn-pools" className={styles.cardTitle}>
            Pools
          </h2>
        </div>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Pool</th>
                <th className={styles.num}>Value</th>
                <th className={`${styles.num} ${styles.hideMobile}`}>Profit</th>
                <th className={`${styles.num} ${styles.hideMobile}`}>Volume</th>
                <th className={styles.num}>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pools.map((pool) => (
                <tr key={pool.currency} data-testid={`pool-${pool.currency}`}>
                  <td>
                    <span className={styles.currency}>
                      <CurrencyIcon symbol={pool.currency} /> {pool.currency}
                    </span>
                  </td>
                  <td className={styles.num}>{formatCrypto(pool.totalStaked)}</td>
                  <td className={`${styles.num} ${styles.hideMobile} ${signed(pool.totalProfit)}`}>{formatCrypto(pool.totalProfit)}</td>
                  <td className={`${styles.num} ${styles.hideMobile}`}>{formatCrypto(pool.wagerVolume)}</td>
                  <td className={styles.num}>
                    <button
                      type="button"
                      className={`${styles.button} ${styles.small}`}
                      aria-label={`Add liquidity to the ${pool.currency} pool`}
                      onClick={() => actor.send({ type: 'user.addLiquidity', currency: pool.currency })}
                    >
                      Add
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!loaded ? <p className={styles.empty}>Loading the pools…</p> : null}
        </div>
      </section>

      <section className={styles.card} aria-labelledby="earn-positions">
        <div className={styles.cardHead}>
          <h2 id="earn-positions" className={styles.cardTitle}>
            My Positions
          </h2>
        </div>
        {!signedIn ? (
          <p className={styles.muted}>Log in and add liquidity to see your positions here.</p>
        ) : positions.length === 0 ? (
          <p className={styles.muted}>No positions yet. Add liquidity to a pool to start earning.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>Pool</th>
                  <th className={styles.num}>Value now</th>
                  <th className={`${styles.num} ${styles.hideMobile}`}>Principal</th>
                  <th className={`${styles.num} ${styles.hideMobile}`}>Share</th>
                  <th className={styles.num}>
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {positions.map((p) => (
                  <tr key={p.currency} data-testid={`position-${p.currency}`}>
                    <td>
                      <span className={styles.currency}>
                        <CurrencyIcon symbol={p.currency} /> {p.currency}
                      </span>
                    </td>
                    <td className={`${styles.num} ${signed(p.currentInvestment - p.principal)}`} data-testid={`position-value-${p.currency}`}>
                      {formatCrypto(p.currentInvestment)}
                    </td>
                    <td className={`${styles.num} ${styles.hideMobile}`}>{formatCrypto(p.principal)}</td>
                    <td className={`${styles.num} ${styles.hideMobile}`}>{(p.shareOfTotalBankroll * 100).toFixed(4)}%</td>
                    <td className={styles.num}>
                      <button
                        type="button"
                        className={`${styles.buttonGhost} ${styles.small}`}
                        aria-label={`Remove liquidity from the ${p.currency} pool`}
                        onClick={() => actor.send({ type: 'user.removeLiquidity', currency: p.currency })}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
