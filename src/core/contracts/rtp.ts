import { Type } from 'typebox';
import type { Static } from 'typebox';
import { GameName } from './casino';
import { routeGroup } from './common';

/** The RTP we really paid (issue 23): per game, measured from the bets table. docs/fairness.md explains the figures. */

const Ratio = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

export const RtpPoint = Type.Object({
  bets: Type.Integer({ description: "How many of the window's bets, oldest first, this point covers." }),
  rtp: Type.Number({ description: 'Paid out ÷ wagered over those bets.' }),
});

export const GameRtp = Type.Object({
  game: GameName,
  bets: Type.Integer({ description: 'Settled bets of the game, all time.' }),
  wageredUsd: Type.Number({ description: 'US dollars staked, at each bet’s rate when it settled (whole cents).' }),
  paidOutUsd: Type.Number({ description: 'US dollars paid back, likewise.' }),
  rtp: Ratio('paidOutUsd ÷ wageredUsd, as a fraction (0.99 is 99%); null before anything is wagered.'),
  theoreticalRtp: Ratio("What the game's rules return on the bets really played (dice by chance, mines by mine count and gems, baccarat by side), weighted by wager; null before anything is wagered."),
  low95: Ratio('Lower end of the 95% interval of the RTP from the bets’ own variance (delta method); null below two bets.'),
  high95: Ratio('Upper end of that interval; null below two bets.'),
  recent: Type.Array(RtpPoint, { description: 'The cumulative RTP along the last 1,000 bets of the game, at most 50 points, for the chart.' }),
});
export type GameRtp = Static<typeof GameRtp>;

export const RtpReport = Type.Object({ games: Type.Array(GameRtp, { description: 'Dice, Mines, Blackjack, Baccarat, in that order.' }) });
export type RtpReport = Static<typeof RtpReport>;

export const getRtp = routeGroup('casino').get('rtp', 'The RTP each game really paid, measured from every settled bet, against its theoretical RTP, with a 95% interval. Exact as of at most a second ago: each instance answers from its last read for one second.', {
  auth: false,
  response: { 200: RtpReport },
});
