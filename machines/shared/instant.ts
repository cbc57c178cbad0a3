/**
 * Instant mode (docs/product.md "Settings"): the delays that only animate a round, as a `delays`
 * implementation a screen provides (`machine.provide({ delays: INSTANT_DELAYS.blackjack })`) when the
 * player chose instant mode and the casino offers it. What is sent and what shows in the end are the
 * same; the result shows at once. Message and popup durations are not animations and stay.
 * Dice and mines have no timed steps: their animations are CSS, which html[data-instant] stops.
 */
export const INSTANT_DELAYS = {
  blackjack: { holeCardReveal: 0, dealerPause: 0, dealerCardReveal: 0 },
  baccarat: { cardDeal: 0, cardFlip: 0 },
} as const;
