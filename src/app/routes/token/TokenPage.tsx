import { useSelector } from '@xstate/react';
import { Link } from '../../components/ui/Link';
import { selectTokenDetails, selectTokenLoadState } from '../../../../machines/token/selectors';
import { formatCents, formatStaking, scaleDecimal } from '../../../core/money';
import { Card, LoadFailed, Stat, formatPrice, formatShort, formatWhole } from '../../components/token/parts';
import styles from '../../components/token/Token.module.css';
import { EarnIcon, MiningIcon, StakingIcon, TokenIcon } from '../../components/ui/icons';
import type { TokenScreens } from '../../actors/token';
import type { ActorRefFrom } from 'xstate';
import { tokenScreenRoute } from './tokenScreenRoute';

const utilities = [
  { icon: <MiningIcon size={20} />, title: 'Mined by playing', text: 'Every settled bet, in any game and currency, mines ACC into your wallet. Early levels mine the most per dollar.' },
  { icon: <StakingIcon size={20} />, title: 'Staked for daily rewards', text: 'Lock ACC and share 2% of every rewards pool each day at 00:00 UTC, in BTC, ETH, USDT, LTC and DOGE.' },
  { icon: <TokenIcon size={20} />, title: 'Burned on unlock', text: 'Unlocking costs a 1% fee that is destroyed for good, so the supply shrinks as the casino is used.' },
  { icon: <EarnIcon size={20} />, title: 'Be the house', text: 'Add liquidity to the bankroll pools and share the house edge (and its swings) with every bet.' },
];

const roadmap = [
  { tag: 'Live', status: 'done', title: 'Launch', items: ['Provably fair originals', 'Multi-currency wallet', 'Live bets feed'] },
  { tag: 'Live', status: 'done', title: 'ACC economy', items: ['Mining by betting, 20 levels', 'Staking with daily payouts', 'Burn on unlock'] },
  { tag: 'Now', status: 'now', title: 'Bankroll pools', items: ['Earn: add and remove liquidity', 'Pool profit and volume', 'Max payout follows the pools'] },
  { tag: 'Next', status: 'next', title: 'On chain', items: ['ACC contract on Ethereum', 'Withdraw ACC to your own wallet', 'Listing and liquidity'] },
] as const;

/** /token: the ACC token's figures, what it is for and where it is going (docs/product.md §2 Token page). */
export const TokenPage = tokenScreenRoute('tokenPage', TokenScreen);

function TokenScreen({ actor }: { actor: ActorRefFrom<TokenScreens['tokenPage']> }) {
  const details = useSelector(actor, selectTokenDetails);
  const state = useSelector(actor, selectTokenLoadState);
  const usd = (n: number) => formatCents(scaleDecimal(n, 2, 'floor'));
  const acc = (n: number | undefined) => (n === undefined ? null : `${formatWhole(n)} ACC`);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="token-title">
        <div className={styles.heroRow}>
          <div>
            <p className={styles.kicker}>Utility token · {details?.chainName ?? 'Ethereum'}</p>
            <h1 id="token-title" className={styles.title}>
              {details?.tokenName ?? 'ACC Token'} <span style={{ color: 'var(--accent-strong)' }}>({details?.tokenSymbol ?? 'ACC'})</span>
            </h1>
            <p className={styles.lead}>
              ACC is the casino’s own token. You mine it by playing, lock it to earn a share of the house edge every day, and
              every unlock burns a little of it for good. You can hold it, lock it and unlock it — it is never bet.
            </p>
          </div>
          <div className={styles.coin} aria-hidden="true">
            ACC
          </div>
        </div>
        <div className={styles.ctaRow}>
          <Link to="/dice" className={styles.cta}>
            Start mining: play
          </Link>
          <Link to="/staking" className={styles.ctaGhost}>
            Stake ACC
          </Link>
          <Link to="/mining" className={styles.ctaGhost}>
            Mining levels
          </Link>
        </div>
      </section>

      {state === 'failed' ? <LoadFailed what="The token figures" onRetry={() => actor.send({ type: 'user.retry' })} /> : null}

      <section aria-label="Token figures" className={styles.stats}>
        <Stat label="Price" value={details ? formatPrice(details.price) : null} highlight testId="token-price" />
        <Stat label="Market cap" value={details ? usd(details.marketCap) : null} testId="token-market-cap" />
        <Stat label="Circulating supply" value={acc(details?.circulatingSupply)} />
        <Stat label="Total supply" value={acc(details?.totalSupply)} />
        <Stat label="Max supply" value={acc(details?.maxSupply)} />
        <Stat label="Total mined" value={details ? `${formatStaking(details.totalTokensMined)} ACC` : null} testId="token-total-mined" />
        <Stat label="Total burned" value={details ? `${formatStaking(details.totalBurned)} ACC` : null} testId="token-total-burned" />
        <Stat label="Total locked" value={details ? `${formatStaking(details.totalLocked)} ACC` : null} />
      </section>

      <div className={styles.columns}>
        <Card id="token-details" title="Details">
          <dl className={styles.details}>
            <dt>Name</dt>
            <dd>{details?.tokenName ?? '…'}</dd>
            <dt>Symbol</dt>
            <dd>{details?.tokenSymbol ?? '…'}</dd>
            <dt>Chain</dt>
            <dd>{details?.chainName ?? '…'}</dd>
            <dt>Contract</dt>
            <dd className={styles.mono}>{details?.contractAddress ?? '…'}</dd>
            <dt>Mining level</dt>
            <dd>{details ? `Level ${details.miningLevelNumber} · $${formatShort(details.miningDifficulty)} per ACC` : '…'}</dd>
          </dl>
        </Card>
        <Card id="token-about" title="About ACC">
          <p className={styles.muted}>
            The supply is fixed at {details ? formatWhole(details.maxSupply) : '100,000,000'} ACC and released only by play, in
            levels that get harder as more is mined. Total supply is everything mined less everything burned; circulating
            supply leaves out what is locked. Every movement is on the casino’s double-entry ledger, so no ACC is ever
            created or lost except what unlock fees burn.
          </p>
        </Card>
      </div>

      <section aria-labelledby="token-utilities">
        <h2 id="token-utilities" className={styles.cardTitle} style={{ marginBottom: 12 }}>
          Utilities
        </h2>
        <ul className={styles.features}>
          {utilities.map((u) => (
            <li key={u.title} className={styles.feature}>
              <span className={styles.featureIcon}>{u.icon}</span>
              <h3>{u.title}</h3>
              <p>{u.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="token-roadmap">
        <h2 id="token-roadmap" className={styles.cardTitle} style={{ marginBottom: 12 }}>
          Roadmap
        </h2>
        <ol className={styles.roadmap}>
          {roadmap.map((phase) => (
            <li key={phase.title} className={styles.phase} data-status={phase.status}>
              <span className={styles.phaseTag}>{phase.tag}</span>
              <h3>{phase.title}</h3>
              <ul>
                {phase.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.hero} aria-labelledby="token-cta">
        <h2 id="token-cta" className={styles.cardTitle}>
          Put your ACC to work
        </h2>
        <p className={styles.lead}>Lock it for a daily share of the rewards pools, or back the house and earn with every bet.</p>
        <div className={styles.ctaRow}>
          <Link to="/staking" className={styles.cta}>
            Go to Staking
          </Link>
          <Link to="/earn" className={styles.ctaGhost}>
            Go to Earn
          </Link>
        </div>
      </section>
    </div>
  );
}
