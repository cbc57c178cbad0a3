import { Link } from '../components/ui/Link';
import { GameArt } from './GameArt';
import type { GameArtName } from './GameArt';
import type { LinkProps } from '../components/ui/Link';
import styles from './Home.module.css';

interface GameCard {
  game: GameArtName;
  title: string;
  tagline: string;
  to?: LinkProps['to'];
}

const games: GameCard[] = [
  { game: 'dice', title: 'Dice', tagline: 'Pick your odds, roll under or over', to: '/dice' },
  { game: 'mines', title: 'Mines', tagline: 'Find gems, dodge mines, cash out', to: '/mines' },
  { game: 'blackjack', title: 'Blackjack', tagline: 'Beat the dealer to 21', to: '/blackjack' },
  { game: 'baccarat', title: 'Baccarat', tagline: 'Player, banker or tie', to: '/baccarat' },
  { game: 'plinko', title: 'Plinko', tagline: 'Coming soon' },
  { game: 'roulette', title: 'Roulette', tagline: 'Coming soon' },
];

export function Home() {
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div>
          <p className={styles.kicker}>Provably fair · Instant · Multi-currency</p>
          <h1 className={styles.headline}>Original games you can verify yourself.</h1>
          <p className={styles.lead}>
            Every result is fixed by your seeds before you bet. Mine ACC with every wager, stake it for daily rewards, and
            share in the house bankroll.
          </p>
        </div>
      </section>
      <section aria-labelledby="games-heading">
        <h2 id="games-heading" className={styles.sectionTitle}>
          Casino originals
        </h2>
        <ul className={styles.grid}>
          {games.map((card) => (
            <li key={card.game}>
              {card.to ? (
                <Link to={card.to} className={styles.card} data-game={card.game} aria-label={`Play ${card.title}`}>
                  <CardBody card={card} />
                </Link>
              ) : (
                <div className={styles.card} data-game={card.game} aria-disabled="true" data-disabled="true">
                  <CardBody card={card} />
                  <span className={styles.soon}>Coming soon</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function CardBody({ card }: { card: GameCard }) {
  return (
    <>
      <div className={styles.art}>
        <GameArt game={card.game} />
      </div>
      <div className={styles.meta}>
        <span className={styles.title}>{card.title}</span>
        <span className={styles.tagline}>{card.tagline}</span>
      </div>
    </>
  );
}
