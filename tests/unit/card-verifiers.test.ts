import { describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { verifyOutcome, verifyOutcomeAsync } from '../../src/core/fairness/verify';
import { dealBaccarat } from '../../src/core/games/baccarat';
import { cardIndexFromFloat } from '../../src/core/games/cards';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce: 1 };

describe('blackjack and baccarat in the verifier', () => {
  const stream = createFloatStream(nodeHmacSha256, seeds.serverSeed, seeds.clientSeed, seeds.nonce);

  it('should list the first blackjack cards in the order they are dealt', () => {
    const { cards } = verifyOutcome('blackjack', stream.at, { cards: 4 });
    expect(cards.map((c) => c.index)).toEqual([0, 1, 2, 3].map((i) => cardIndexFromFloat(stream.at(i))));
    expect(cards[0]).toMatchObject({ position: 0, rank: expect.any(String), suit: expect.any(String) });
  });

  it('should give the baccarat hands the engine deals, in the browser too', async () => {
    const deal = dealBaccarat(stream.at);
    const sync = verifyOutcome('baccarat', stream.at, {});
    expect(sync.playerHand.map((c) => c.index)).toEqual(deal.playerHand);
    expect(sync.bankerHand.map((c) => c.index)).toEqual(deal.bankerHand);
    const async = await verifyOutcomeAsync('baccarat', seeds, {});
    expect(async.outcome).toEqual(sync);
  });
});
