import { useSelector } from '@xstate/react';
import { levelProgress, selectMiningData, selectMiningLoadState } from '../../../../machines/mining/selectors';
import { formatStaking } from '../../../core/money';
import { useAuth, useWallet } from '../../actors/AppActor';
import { Card, LoadFailed, PageHero, Stat, Table, formatShort, formatWhole } from '../../components/token/parts';
import styles from '../../components/token/Token.module.css';
import type { TokenScreens } from '../../actors/token';
import type { ActorRefFrom } from 'xstate';
import { tokenScreenRoute } from './tokenScreenRoute';

/** /mining: the level being mined, how far it has come, and the table of levels (docs/product.md §2 Mining). */
export const MiningPage = tokenScreenRoute('mining', MiningScreen);

function MiningScreen({ actor }: { actor: ActorRefFrom<TokenScreens['mining']> }) {
  const data = useSelector(actor, selectMiningData);
  const state = useSelector(actor, selectMiningLoadState);
  const [signedIn] = useAuth((s) => s.hasTag('signedIn'));
  const [accBalance] = useWallet((s) => s.context.wallets.find((w) => w.currencySymbol === 'ACC')?.balance ?? 0);
  const mining = data?.mining;
  const progress = data ? levelProgress(data) : 0;

  return (
    <div className={styles.page}>
      <PageHero id="mining-title" kicker="Mining" title="Every bet mines ACC">
        ACC mined = your wager in dollars ÷ the current difficulty. Each level mines a fixed supply; when it runs out the
        next, harder level begins.
      </PageHero>

      {state === 'failed' ? <LoadFailed what="The mining figures" onRetry={() => actor.send({ type: 'user.retry' })} /> : null}

      <section aria-label="Mining figures" className={styles.stats}>
        <Stat label="Current level" value={mining ? (mining.exhausted ? 'All mined' : `Level ${mining.levelNumber}`) : null} highlight testId="mining-level" />
        <Stat label="Difficulty" value={mining ? `$${formatShort(mining.difficulty)} / ACC` : null} hint="Dollars wagered per ACC" />
        <Stat label="Total mined" value={mining ? `${formatStaking(mining.totalMined)} ACC` : null} testId="mining-total-mined" />
        <Stat label="Max supply" value={mining ? `${formatWhole(mining.maxSupply)} ACC` : null} />
        {signedIn ? <Stat label="Your ACC" value={`${formatStaking(accBalance)} ACC`} hint="In your wallet" testId="mining-your-acc" /> : null}
      </section>

      <Card
        id="mining-progress"
        title={mining && !mining.exhausted ? `Progress to level ${mining.levelNumber + 1}` : 'Progress'}
        actions={<span className={styles.muted}>{(progress * 100).toFixed(4)}%</span>}
      >
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Progress to the next level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Number((progress * 100).toFixed(4))}
        >
          <div className={styles.progressFill} style={{ width: `${Math.max(progress * 100, progress > 0 ? 0.6 : 0)}%` }} />
        </div>
        <div className={styles.progressLabels}>
          <span data-testid="mining-mined-in-level">{mining ? `${formatStaking(mining.minedInLevel)} ACC mined in this level` : '…'}</span>
          <span>{mining ? `${formatShort(mining.remainingInLevel)} of ${formatWhole(mining.levelSupply)} ACC left` : ''}</span>
        </div>
      </Card>

      <Card id="mining-levels" title="Levels">
        <Table columns={[{ label: 'Level' }, { label: 'Supply', num: true }, { label: 'Difficulty', num: true }]} after={!data && state === 'loading' ? <p className={styles.empty}>Loading the levels…</p> : null}>
          {(data?.miningLevels ?? []).map((level) => (
            <tr
              key={level.levelNumber}
              data-current={mining?.levelNumber === level.levelNumber && !mining.exhausted}
              data-done={mining ? level.levelNumber < mining.levelNumber || mining.exhausted : false}
            >
              <td>Level {level.levelNumber}</td>
              <td className={styles.num}>{formatWhole(level.supply)} ACC</td>
              <td className={styles.num}>${formatShort(level.difficulty)} / ACC</td>
            </tr>
          ))}
        </Table>
      </Card>
    </div>
  );
}
