import fp from 'fastify-plugin';
import { addBetToRtp } from './totals';

/** Keeps the measured RTP's running sums (issue 23): every settled bet adds itself in its own transaction. */
export const rtpPlugin = fp(
  async (app) => {
    app.settlement.register((tx, bet) => addBetToRtp(tx, { ...bet, theoreticalRtp: bet.theoreticalRtp ?? 1 - bet.houseEdge }));
  },
  { name: 'rtp', dependencies: ['settlement'] },
);
