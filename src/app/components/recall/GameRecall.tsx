import type { ReactNode } from 'react';
import type { BaccaratRecall, BetRecall, BlackjackRecall, BlackjackSeat, DiceRecall, MinesRecall } from '../../../core/bets/recall';
import { baccaratScore, blackjackScoreLabel } from '../../../core/games/cards';
import { diceMultiplier, formatRoll } from '../../../core/games/dice';
import { MINES_TILES } from '../../../core/games/mines';
import { PlayingCard } from '../cards/PlayingCard';
import { GemArt, MineArt } from '../game/MinesArt';
import styles from './BetRecall.module.css';

/** The round drawn from the bet's stored outcome (issue 20: the game as it was played). */
export function GameRecall({ recall, formatCoins }: { recall: BetRecall; formatCoins: (amount: number) => ReactNode }) {
  switch (recall.game) {
    case 'dice':
      return <DiceRecallView recall={recall} />;
    case 'mines':
      return <MinesRecallView recall={recall} />;
    case 'blackjack':
      return <BlackjackRecallView recall={recall} formatCoins={formatCoins} />;
    case 'baccarat':
      return <BaccaratRecallView recall={recall} formatCoins={formatCoins} />;
    case 'unreadable':
      return <p className={styles.muted}>This bet’s record does not hold the game as played, so it cannot be drawn here.</p>;
  }
}

function DiceRecallView({ recall }: { recall: DiceRecall }) {
  const { roll, chance, target, win } = recall;
  const zone = target === 'under' ? { left: 0, width: chance } : { left: 100 - chance, width: chance };
  const rule = target === 'under' ? `Roll under ${chance.toFixed(2)}` : `Roll over ${(100 - chance).toFixed(2)}`;
  return (
    <div className={styles.dice} data-game="dice">
      <div className={styles.roll} data-outcome={win ? 'win' : 'loss'} aria-label={`Roll ${formatRoll(roll)}, ${win ? 'a win' : 'a loss'}`}>
        {formatRoll(roll)}
      </div>
      <div className={styles.track} aria-hidden="true">
        <span className={styles.zone} style={{ left: `${zone.left}%`, width: `${zone.width}%` }} />
        <span className={styles.marker} data-outcome={win ? 'win' : 'loss'} style={{ left: `${roll}%` }} />
      </div>
      <div className={styles.scale} aria-hidden="true">
        <span>0</span>
        <span>25</span>
        <span>50</span>
        <span>75</span>
        <span>100</span>
      </div>
      <dl className={styles.facts}>
        <Fact label="Target">{rule}</Fact>
        <Fact label="Win chance">{chance.toFixed(2)}%</Fact>
        <Fact label="Multiplier">{diceMultiplier(chance).toFixed(4)}×</Fact>
        <Fact label="Result">{win ? 'Win' : 'Loss'}</Fact>
      </dl>
    </div>
  );
}

function MinesRecallView({ recall }: { recall: MinesRecall }) {
  const order = new Map(recall.gems.map((tile, i) => [tile, i + 1]));
  const mines = new Set(recall.mines);
  const ending = recall.hitMine === null ? `Cashed out after ${recall.gems.length} ${recall.gems.length === 1 ? 'gem' : 'gems'}` : `Hit a mine on pick ${recall.gems.length + 1}`;
  return (
    <div className={styles.mines} data-game="mines">
      <div className={styles.board} role="list" aria-label="Mines board as played">
        {Array.from({ length: MINES_TILES }, (_, tile) => {
          const isMine = mines.has(tile);
          const pick = order.get(tile);
          const face = tile === recall.hitMine ? 'hit' : isMine ? 'mine' : pick !== undefined ? 'picked' : 'gem';
          const words = { hit: 'the mine picked', mine: 'mine', picked: `gem, pick ${pick}`, gem: 'gem, not picked' }[face];
          return (
            <div key={tile} role="listitem" className={styles.tile} data-face={face} aria-label={`Tile ${tile}: ${words}`}>
              <span className={styles.tileArt}>{isMine ? <MineArt size={40} /> : <GemArt size={40} />}</span>
              {pick !== undefined ? <span className={styles.pick}>{pick}</span> : null}
            </div>
          );
        })}
      </div>
      <dl className={styles.facts}>
        <Fact label="Mines">{recall.minesCount}</Fact>
        <Fact label="Picks in order">{recall.gems.length ? recall.gems.join(' → ') : 'none'}</Fact>
        <Fact label="Ending">{ending}</Fact>
      </dl>
      <p className={styles.note}>Tiles are numbered 0 to 24 in reading order, top left first; the badge on a gem is the order it was picked.</p>
    </div>
  );
}

const SEAT_LABEL: Record<BlackjackSeat, string> = { player: 'Player', player1: 'Hand 1', player2: 'Hand 2', dealer: 'Dealer' };
const HAND_RESULT = { blackjack: 'Blackjack', win: 'Win', push: 'Push', lose: 'Lose' } as const;

function BlackjackRecallView({ recall, formatCoins }: { recall: BlackjackRecall; formatCoins: (amount: number) => ReactNode }) {
  const split = recall.hands.length === 2;
  return (
    <div className={styles.table} data-game="blackjack">
      <CardRow label="Dealer" score={blackjackScoreLabel(recall.dealer, 'dealer')} cards={recall.dealer} />
      {recall.hands.map((hand, i) => (
        <CardRow
          key={i}
          label={split ? `Hand ${i + 1}` : 'Player'}
          score={blackjackScoreLabel(hand.cards, 'player')}
          cards={hand.cards}
          result={hand.outcome ? HAND_RESULT[hand.outcome] : null}
          detail={
            <>
              Bet {formatCoins(hand.bet)}
              {hand.doubled ? ' · doubled' : ''}
            </>
          }
        />
      ))}
      <div className={styles.dealt}>
        <h3 className={styles.subhead}>Card by card</h3>
        <ol className={styles.dealtList}>
          {recall.dealt.map(({ seat, card }, i) => (
            <li key={i} className={styles.dealtCard}>
              <PlayingCard index={card} size="sm" />
              <span className={styles.dealtLabel}>
                {i + 1}. {SEAT_LABEL[seat]}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

const WINNER = { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' } as const;

function BaccaratRecallView({ recall, formatCoins }: { recall: BaccaratRecall; formatCoins: (amount: number) => ReactNode }) {
  return (
    <div className={styles.table} data-game="baccarat">
      <div className={styles.tableau}>
        <CardRow label="Player" score={String(baccaratScore(recall.playerHand))} cards={recall.playerHand} winner={recall.winner === 'player'} />
        <CardRow label="Banker" score={String(baccaratScore(recall.bankerHand))} cards={recall.bankerHand} winner={recall.winner === 'banker'} />
      </div>
      <dl className={styles.facts}>
        <Fact label="Result">{WINNER[recall.winner]}</Fact>
        {recall.bets ? (
          <>
            <Fact label="On player">{formatCoins(recall.bets.player)}</Fact>
            <Fact label="On tie">{formatCoins(recall.bets.tie)}</Fact>
            <Fact label="On banker">{formatCoins(recall.bets.banker)}</Fact>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function CardRow(props: { label: string; score: string; cards: readonly number[]; result?: string | null; detail?: ReactNode; winner?: boolean }) {
  return (
    <section className={styles.hand} aria-label={props.label} data-winner={props.winner ? 'true' : undefined}>
      <header className={styles.handHead}>
        <span className={styles.handLabel}>{props.label}</span>
        <span className={styles.score} aria-label={`Score ${props.score}`}>
          {props.score}
        </span>
        {props.result ? (
          <span className={styles.badge} data-result={props.result.toLowerCase()}>
            {props.result}
          </span>
        ) : null}
        {props.winner ? <span className={styles.badge} data-result="win">Winner</span> : null}
        {props.detail ? <span className={styles.handDetail}>{props.detail}</span> : null}
      </header>
      <div className={styles.cards}>
        {props.cards.map((card, i) => (
          <PlayingCard key={i} index={card} />
        ))}
      </div>
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
