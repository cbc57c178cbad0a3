import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { rtpChartGeometry } from '../../../core/bets/rtp';
import type { GameRtp } from '../../../core/contracts/rtp';
import { selectRtpError, selectRtpGames, selectRtpPage, selectRtpUpdating } from '../../../../machines/rtp/selectors';
import type { provideRtp } from '../../actors/rtp';
import styles from './Rtp.module.css';

export type RtpActor = ActorRefFrom<ReturnType<typeof provideRtp>>;

const CHART_W = 320;
const CHART_H = 140;

/** 0.98991 → "98.99%"; no figure → "—". */
export const percent = (value: number | null): string => (value === null ? '—' : `${(value * 100).toFixed(2)}%`);
const dollars = (value: number): string => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The measured RTP page: every game's figures and chart, updated as bets land. */
export function RtpView({ actor }: { actor: RtpActor }) {
  const page = useSelector(actor, selectRtpPage);
  const games = useSelector(actor, selectRtpGames);
  const error = useSelector(actor, selectRtpError);
  const updating = useSelector(actor, selectRtpUpdating);
  return (
    <section className={styles.page} aria-labelledby="rtp-title" data-page={page}>
      <header className={styles.head}>
        <p className={styles.kicker}>Proof, not promises</p>
        <h1 id="rtp-title">The RTP we really paid</h1>
        <p className={styles.lead}>
          Return to player measured from every settled bet (paid out ÷ wagered, in US dollars at each bet’s rate), beside what each game’s rules
          return for the bets really played, with a 95% interval from the bets’ own spread.
        </p>
        {page === 'ready' ? (
          <p className={styles.live} data-updating={updating}>
            <span className={styles.dot} aria-hidden="true" />
            {updating ? 'Updating…' : 'Live: the figures follow the bets as they land'}
          </p>
        ) : null}
      </header>
      {page === 'loading' ? (
        <p className={styles.note} role="status">
          Loading the figures…
        </p>
      ) : page === 'failed' ? (
        <div className={styles.card}>
          <p className={styles.alert} role="alert">
            {error}
          </p>
          <button type="button" className={styles.retry} onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {error ? (
            <div className={styles.banner}>
              <p className={styles.alert} role="alert">
                {error} The figures below are from the last update.
              </p>
              <button type="button" className={styles.retry} onClick={() => actor.send({ type: 'user.retry' })}>
                Try again
              </button>
            </div>
          ) : null}
          <div className={styles.grid}>
            {games.map((game) => (
              <GameCard key={game.game} game={game} />
            ))}
          </div>
          <aside className={styles.how} aria-label="How to read these figures">
            <h2 className={styles.howTitle}>How to read these figures</h2>
            <ul>
              <li>
                <strong>Measured</strong> is everything paid out divided by everything wagered, so a $100 bet weighs a hundred times a $1 bet.
              </li>
              <li>
                <strong>Theoretical</strong> is what the rules return on the bets really played: dice by win chance, mines by mine count and gems
                gone for, baccarat by the sides bet on, blackjack for a basic-strategy player.
              </li>
              <li>
                <strong>95% interval</strong>: luck alone keeps the measured RTP inside it 95 times in 100; it narrows as bets add up.
              </li>
            </ul>
          </aside>
        </>
      )}
    </section>
  );
}

function GameCard({ game }: { game: GameRtp }) {
  const chart = rtpChartGeometry(game.recent, game.theoreticalRtp, CHART_W, CHART_H);
  const window = game.recent.at(-1)?.bets ?? 0;
  const slug = game.game.toLowerCase();
  const interval = game.low95 === null || game.high95 === null ? null : `${percent(game.low95)} – ${percent(game.high95)}`;
  const above = game.rtp !== null && game.theoreticalRtp !== null ? game.rtp >= game.theoreticalRtp : null;
  return (
    <article className={styles.card} aria-labelledby={`rtp-${slug}`} data-testid={`rtp-${slug}`}>
      <div className={styles.cardHead}>
        <h2 id={`rtp-${slug}`} className={styles.game}>
          {game.game}
        </h2>
        <p className={styles.measured}>
          <span className={styles.big} data-testid={`rtp-${slug}-measured`} data-above={above}>
            {percent(game.rtp)}
          </span>
          <span className={styles.small}>measured</span>
        </p>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>Bets</dt>
          <dd data-testid={`rtp-${slug}-bets`}>{game.bets.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Wagered</dt>
          <dd data-testid={`rtp-${slug}-wagered`}>{dollars(game.wageredUsd)}</dd>
        </div>
        <div>
          <dt>Paid out</dt>
          <dd data-testid={`rtp-${slug}-paid`}>{dollars(game.paidOutUsd)}</dd>
        </div>
        <div>
          <dt>Theoretical</dt>
          <dd data-testid={`rtp-${slug}-theoretical`}>{percent(game.theoreticalRtp)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>95% interval</dt>
          <dd data-testid={`rtp-${slug}-interval`}>{interval ?? (game.bets === 1 ? 'needs two bets' : '—')}</dd>
        </div>
      </dl>
      {game.recent.length > 0 ? (
        <>
          <div className={styles.chartBox}>
            <svg
              className={styles.chart}
              viewBox={`0 0 ${CHART_W} ${CHART_H}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={`${game.game}: measured RTP over the last ${window} bets, ${percent(game.recent.at(-1)!.rtp)}, against the theoretical ${percent(game.theoreticalRtp)}`}
              data-bets={window}
            >
              {chart.theoreticalY !== null ? <line className={styles.theory} x1={0} x2={CHART_W} y1={chart.theoreticalY} y2={chart.theoreticalY} /> : null}
              <path className={styles.line} d={chart.line} />
            </svg>
            {game.recent.length === 1 ? <span className={styles.point} style={{ top: `${(chart.firstY / CHART_H) * 100}%` }} aria-hidden="true" /> : null}
            <span className={`${styles.scale} ${styles.scaleTop}`} aria-hidden="true">
              {percent(chart.top)}
            </span>
            <span className={`${styles.scale} ${styles.scaleBottom}`} aria-hidden="true">
              {percent(chart.bottom)}
            </span>
          </div>
          <p className={styles.caption}>
            <span className={styles.legend}>
              <span className={styles.keyMeasured} aria-hidden="true" /> Cumulative RTP of the last {window.toLocaleString('en-US')} {window === 1 ? 'bet' : 'bets'}
            </span>
            <span className={styles.legend}>
              <span className={styles.keyTheory} aria-hidden="true" /> theoretical {percent(game.theoreticalRtp)}
            </span>
          </p>
        </>
      ) : (
        <p className={styles.empty}>No bets yet: the chart starts with the first one.</p>
      )}
    </article>
  );
}
