/**
 * Long-run check of the card games against their exact figures: `npx tsx bench/cards-sim.ts [rounds] [seed]`.
 * Prints only; the unit tests hold the assertions on smaller samples.
 */
import { baccaratExactRtp, dealBaccarat, settleBaccarat } from '../src/core/games/baccarat';
import { basicStrategyExpectation } from '../src/core/games/blackjackStrategy';
import { playBasicStrategyRound } from '../tests/support/blackjackRounds';
import { createSeededStreams } from '../tests/support/seededFloats';

const rounds = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? 1);
const unit = 100_000_000n;

const percent = (x: number) => `${(100 * x).toFixed(3)}%`;

class Tally {
  private n = 0;
  private sum = 0;
  private squares = 0;
  add(x: number): void {
    this.n += 1;
    this.sum += x;
    this.squares += x * x;
  }
  get mean(): number {
    return this.sum / this.n;
  }
  get standardError(): number {
    return Math.sqrt((this.squares / this.n - this.mean ** 2) / this.n);
  }
  report(label: string, exact: number, offset = 0): string {
    const measured = offset + this.mean;
    const z = (measured - exact) / this.standardError;
    return `${label.padEnd(34)} measured ${percent(measured)} ± ${percent(this.standardError)}   exact ${percent(exact)}   z = ${z.toFixed(2)}`;
  }
}

function blackjack(): void {
  const streams = createSeededStreams(seed);
  const net = new Tally();
  let payoutTotal = 0n;
  let wagerTotal = 0n;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const { payout, wager } = playBasicStrategyRound(unit, streams.nextStream());
    net.add(Number(payout - wager) / Number(unit));
    payoutTotal += payout;
    wagerTotal += wager;
  }
  const seconds = (performance.now() - started) / 1000;
  const theory = basicStrategyExpectation();
  console.log(`Blackjack, basic strategy, ${rounds.toLocaleString('en')} rounds (seed ${seed}, ${seconds.toFixed(1)} s)`);
  console.log(net.report('  RTP per initial bet', theory.returnPerInitialBet, 1));
  const perWagered = percent(Number((payoutTotal * 1_000_000n) / wagerTotal) / 1e6);
  console.log(`  ${'payout ÷ wagered'.padEnd(32)} measured ${perWagered}             exact ${percent(theory.returnPerUnitWagered)}`);
  const wagerPerRound = (Number(wagerTotal) / Number(unit) / rounds).toFixed(4);
  console.log(`  wager per round: ${wagerPerRound} (exact ${theory.wagerPerInitialBet.toFixed(4)})`);
  console.log('  ("≈ 99.5%" is the payout ÷ wagered figure; per initial bet the exact return is the lower one)');
}

function baccarat(): void {
  const streams = createSeededStreams(seed + 1);
  const tallies = { player: new Tally(), tie: new Tally(), banker: new Tally() };
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const deal = dealBaccarat(streams.nextStream());
    const { returns } = settleBaccarat({ player: unit, tie: unit, banker: unit }, deal);
    for (const bet of ['player', 'tie', 'banker'] as const) tallies[bet].add(Number(returns[bet]) / Number(unit));
  }
  const seconds = (performance.now() - started) / 1000;
  const exact = baccaratExactRtp();
  console.log(`\nBaccarat, ${rounds.toLocaleString('en')} deals with one unit on each bet (seed ${seed + 1}, ${seconds.toFixed(1)} s)`);
  for (const bet of ['player', 'banker', 'tie'] as const) console.log(tallies[bet].report(`  ${bet} bet RTP`, exact[bet]));
}

blackjack();
baccarat();
