import type { FastifyPluginAsync } from 'fastify';
import { highRollerBets, latestBets, playerBets } from '../bets/record';

export const betsRoutes: FastifyPluginAsync = async (app) => {
  // Public: visitors see ALL BETS and HIGH ROLLERS; MY BETS only for a signed-in player (SPEC §6).
  app.get('/casino/get-bets', async (request) => ({
    latestBets: latestBets(app.db),
    myBets: request.user ? playerBets(app.db, request.user.id) : [],
    highrollerBets: highRollerBets(app.db),
  }));
};
