import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getBets } from '../../core/contracts/casino';
import { FEED_PAGE, FEED_PAGE_MAX, highRollerBets, latestBets, playerBets } from '../bets/record';
import { schemaOf } from './contract';
import { parsePage } from './paging';

export const betsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Public: visitors see ALL BETS and HIGH ROLLERS; MY BETS only for a signed-in player (docs/product.md §6).
  // `?before=<id>&limit=<1..100>` pages each list below that id; without them, the newest 20 of each.
  app.get(getBets.path, { schema: schemaOf(getBets) }, async (request) => {
    const page = parsePage(request.query, FEED_PAGE.limit, FEED_PAGE_MAX);
    const [latest, mine, highRollers] = await Promise.all([
      latestBets(app.db, page),
      request.user ? playerBets(app.db, request.user.id, page) : [],
      highRollerBets(app.db, page),
    ]);
    return { latestBets: latest, myBets: mine, highrollerBets: highRollers };
  });
};
