import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { chartGeometry, profitCurve } from '../../../core/bets/stats';
import type { StatsTab } from '../../../../machines/stats/machine';
import {
  selectShownTotals,
  selectStats,
  selectStatsCurrency,
  selectStatsError,
  selectStatsFailed,
  selectStatsLoading,
  selectStatsOpen,
  selectStatsTab,
} from '../../../../machines/stats/selectors';
import type { provideStats } from '../../actors/stats';
import styles from './LiveStats.module.css';

export type StatsActor = ActorRefFrom<ReturnType<typeof provideStats>>;

const TABS: Array<{ id: StatsTab; label: string }> = [
  { id: 'session', label: 'Session' },
  { id: 'allTime', label: 'All time' },
];

const CHART_W = 300;
const CHART_H = 120;

const signOf = (amount: string) => (amount.startsWith('-') ? 'loss' : /[1-9]/.test(amount) ? 'gain' : 'even');

/** The live statistics panel (issue 20): floats over the page so the game stays playable beneath it. */
export function LiveStatsPanel({ actor, currencies }: { actor: StatsActor; currencies: readonly string[] }) {
  const open = useSelector(actor, selectStatsOpen);
  const loading = useSelector(actor, selectStatsLoading);
  const failed = useSelector(actor, selectStatsFailed);
  const error = useSelector(actor, selectStatsError);
  const tab = useSelector(actor, selectStatsTab);
  const currency = useSelector(actor, selectStatsCurrency);
  const stats = useSelector(actor, selectStats);
  const totals = useSelector(actor, selectShownTotals);
  if (!open) return null;
  const options = currencies.includes(currency) ? currencies : [currency, ...currencies];
  const chart = chartGeometry(profitCurve(stats?.recent ?? []), CHART_W, CHART_H);
  return (
    <section className={styles.panel} aria-label="Live statistics" aria-busy={loading}>
      <div className={styles.top}>
        <h2>
          <span className={styles.dot} aria-hidden="true" />
          Live statistics
        </h2>
        <button type="button" className={styles.close} aria-label="Close live statistics" onClick={() => actor.send({ type: 'user.closeStats' })}>
          ×
        </button>
      </div>
      <div className={styles.controls}>
        <select
          className={styles.select}
          aria-label="Statistics currency"
          value={currency}
          onChange={(event) => actor.send({ type: 'user.selectCurrency', currency: event.target.value })}
        >
          {options.map((symbol) => (
            <option key={symbol} value={symbol}>
              {symbol}
            </option>
          ))}
        </select>
        <div className={styles.tabs} role="tablist" aria-label="Period">
          {TABS.map((t) => (
            <button key={t.id} type="button" role="tab" className={styles.tab} aria-selected={tab === t.id} onClick={() => actor.send({ type: 'user.selectTab', tab: t.id })}>
              {t.label}
            </button>
          ))}
        </div>
      </div>
      {failed ? (
        <>
          <p className={styles.alert} role="alert">
            {error}
          </p>
          <button type="button" className={styles.retry} onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        </>
      ) : loading || !totals ? (
        <p className={styles.note} role="status">
          Loading statistics…
        </p>
      ) : (
        <>
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt>Wagered</dt>
              <dd data-testid="stats-wagered">
                {totals.wagered} {currency}
              </dd>
            </div>
            <div className={styles.figure}>
              <dt>Profit</dt>
              <dd data-testid="stats-profit" data-sign={signOf(totals.profit)}>
                {signOf(totals.profit) === 'gain' ? '+' : ''}
                {totals.profit} {currency}
              </dd>
            </div>
            <div className={styles.figure}>
              <dt>Wins</dt>
              <dd data-testid="stats-wins">{totals.wins}</dd>
            </div>
            <div className={styles.figure}>
              <dt>Losses</dt>
              <dd data-testid="stats-losses">{totals.losses}</dd>
            </div>
          </dl>
          <svg
            className={styles.chart}
            viewBox={`0 0 ${CHART_W} ${CHART_H}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`Profit over your last ${stats!.recent.length} bets in ${currency}`}
            data-bets={stats!.recent.length}
          >
            <line className={styles.zero} x1={0} x2={CHART_W} y1={chart.zeroY} y2={chart.zeroY} />
            {stats!.recent.length > 0 ? <path className={styles.line} d={chart.line} data-ending={chart.ending} /> : null}
          </svg>
          <p className={styles.caption}>
            {totals.bets} {totals.bets === 1 ? 'bet' : 'bets'} {tab === 'session' ? 'since you signed in' : 'in all'}; the chart shows your last{' '}
            {stats!.recent.length || ''} {stats!.recent.length === 1 ? 'bet' : 'bets'}.
          </p>
        </>
      )}
    </section>
  );
}
