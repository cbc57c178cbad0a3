import { useSelector } from '@xstate/react';
import { bankrollTotals, selectEarnLoadState, selectEarnSignedIn, selectPools, selectPositions } from '../../../../machines/earn/selectors';
import { selectRates } from '../../../../machines/wallet/selectors';
import { formatCrypto, formatFiat } from '../../../core/money';
import { useWallet } from '../../actors/AppActor';
import { actionsColumn, Card, CurrencyCell, LoadFailed, PageHero, Stat, Table, wideNum } from '../../components/token/parts';
import styles from '../../components/token/Token.module.css';
import type { TokenScreens } from '../../actors/token';
import type { ActorRefFrom } from 'xstate';
import { tokenScreenRoute } from './tokenScreenRoute';

const signed = (n: number) => (n < 0 ? styles.negative : n > 0 ? styles.positive : '');

/** /earn: the bankroll pools, adding liquidity to them, and the player's positions (docs/product.md §2 Earn). */
export const EarnPage = tokenScreenRoute('earn', EarnScreen);

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
      <PageHero id="earn-title" kicker="Earn" title="Be the house">
        Add liquidity to a bankroll pool and own a share of it. Every bet in that currency is won or lost by the pool, so
        investors share the house edge — and its swings.
      </PageHero>

      {state === 'failed' ? <LoadFailed what="The bankroll pools" onRetry={() => actor.send({ type: 'user.retry' })} /> : null}

      <section aria-label="Bankroll totals" className={styles.stats}>
        <Stat label="Total value locked" value={loaded ? formatFiat(totals.valueLocked) : null} highlight testId="earn-tvl" />
        <Stat label="Total profit" value={loaded ? <span className={signed(totals.profit)}>{formatFiat(totals.profit)}</span> : null} />
        <Stat label="Total volume" value={loaded ? formatFiat(totals.volume) : null} />
      </section>

      <Card id="earn-pools" title="Pools">
        <Table columns={[{ label: 'Pool' }, { label: 'Value', num: true }, { label: 'Profit', wide: true }, { label: 'Volume', wide: true }, actionsColumn]} after={!loaded ? <p className={styles.empty}>Loading the pools…</p> : null}>
          {pools.map((pool) => (
            <tr key={pool.currency} data-testid={`pool-${pool.currency}`}>
              <CurrencyCell currency={pool.currency} />
              <td className={styles.num}>{formatCrypto(pool.totalStaked)}</td>
              <td className={`${wideNum} ${signed(pool.totalProfit)}`}>{formatCrypto(pool.totalProfit)}</td>
              <td className={wideNum}>{formatCrypto(pool.wagerVolume)}</td>
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
        </Table>
      </Card>

      <Card id="earn-positions" title="My Positions">
        {!signedIn ? (
          <p className={styles.muted}>Log in and add liquidity to see your positions here.</p>
        ) : positions.length === 0 ? (
          <p className={styles.muted}>No positions yet. Add liquidity to a pool to start earning.</p>
        ) : (
          <Table columns={[{ label: 'Pool' }, { label: 'Value now', num: true }, { label: 'Principal', wide: true }, { label: 'Share', wide: true }, actionsColumn]}>
            {positions.map((p) => (
              <tr key={p.currency} data-testid={`position-${p.currency}`}>
                <CurrencyCell currency={p.currency} />
                <td className={`${styles.num} ${signed(p.currentInvestment - p.principal)}`} data-testid={`position-value-${p.currency}`}>
                  {formatCrypto(p.currentInvestment)}
                </td>
                <td className={wideNum}>{formatCrypto(p.principal)}</td>
                <td className={wideNum}>{(p.shareOfTotalBankroll * 100).toFixed(4)}%</td>
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
          </Table>
        )}
      </Card>
    </div>
  );
}
