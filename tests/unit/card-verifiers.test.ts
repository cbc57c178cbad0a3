import { describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { verifierFor, verifyOutcome, verifyOutcomeAsync } from '../../src/core/fairness/verify';
import { dealBaccarat } from '../../src/core/games/baccarat';
import { cardIndexFromFloat, describeCard } from '../../src/core/games/cards';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'abc', nonce: 1 };
const stream = createFloatStream(nodeHmacSha256, seeds.serverSeed, seeds.clientSeed, seeds.nonce);

describe('blackjack and baccarat in the verifier', () => {

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

describe('the blackjack verifier reads how many cards to show', () => {
  const { parseParams } = verifierFor('blackjack');
  const refused = { ok: false, error: 'cards must be an integer 1..52' };

  it('shows the first 12 cards when the count is left out or blank', () => {
    expect(parseParams({})).toEqual({ ok: true, params: { cards: 12 } });
    expect(parseParams({ cards: '' })).toEqual({ ok: true, params: { cards: 12 } });
  });

  it.each([
    ['1', 1],
    ['52', 52],
    [' 7 ', 7],
    [9, 9],
  ] as const)('accepts %j as %i cards', (cards, count) => {
    expect(parseParams({ cards })).toEqual({ ok: true, params: { cards: count } });
  });

  it.each(['0', '53', '-3', '+5', '2.5', '1e1', 'ten', '4 4', 0, 53, 2.5, Number.NaN])('refuses %j with the range it takes', (cards) => {
    expect(parseParams({ cards })).toEqual(refused);
  });

  it('lists exactly the cards asked for, each with its stream position', () => {
    const { cards } = verifyOutcome('blackjack', stream.at, { cards: 3 });
    expect(cards.map((c) => c.position)).toEqual([0, 1, 2]);
    expect(cards.map(({ index, rank, suit }) => ({ index, rank, suit }))).toEqual(
      [0, 1, 2].map((i) => describeCard(cardIndexFromFloat(stream.at(i)))),
    );
  });

  it('computes in the browser as many floats as cards asked for', async () => {
    const { floats, outcome } = await verifyOutcomeAsync('blackjack', seeds, { cards: 5 });
    expect(floats).toEqual(stream.take(5));
    expect(outcome.cards).toHaveLength(5);
  });
});

describe('the baccarat verifier', () => {
  it('takes no parameters and ignores any it is given', () => {
    expect(verifierFor('baccarat').parseParams({})).toEqual({ ok: true, params: {} });
    expect(verifierFor('baccarat').parseParams({ cards: '3' })).toEqual({ ok: true, params: {} });
  });

  it('verifies in the browser a deal where both sides draw a third card, from its six floats', async () => {
    // Find a nonce whose deal uses all six cards, so the browser must have computed six floats.
    let nonce = 0;
    const streamOf = (n: number) => createFloatStream(nodeHmacSha256, seeds.serverSeed, seeds.clientSeed, n);
    while (dealBaccarat(streamOf(nonce).at).order.length < 6) nonce += 1;
    const six = streamOf(nonce);
    const { floats, outcome } = await verifyOutcomeAsync('baccarat', { ...seeds, nonce }, {});
    expect(floats).toEqual(six.take(6));
    expect(outcome.order.map((card) => card.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(outcome).toEqual(verifyOutcome('baccarat', six.at, {}));
  });
});
