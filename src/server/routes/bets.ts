import type { FastifyPluginAsync } from 'fastify';
import { FEED_PAGE, FEED_PAGE_MAX, highRollerBets, latestBets, playerBets } from '../bets/record';
import { pageQuerySchema, parsePage } from './paging';
import type { PageQuery } from './paging';

export const betsRoutes: FastifyPluginAsync = async (app) => {
  // Public: visitors see ALL BETS and HIGH ROLLERS; MY BETS only for a signed-in player (SPEC §6).
  // `?before=<id>&limit=<1..100>` pages each list below that id; without them, the newest 20 of each.
  app.get<{ Querystring: PageQuery }>('/casino/get-bets', { schema: { querystring: pageQuerySchema } }, async (request) => {
    const page = parsePage(request.query, FEED_PAGE.limit, FEED_PAGE_MAX);
    return {
      latestBets: latestBets(app.db, page),
      myBets: request.user ? playerBets(app.db, request.user.id, page) : [],
      highrollerBets: highRollerBets(app.db, page),
    };
  });
};
