/**
 * Contract with the fairness engine: float number `i` (0 ≤ f < 1) of one bet's deterministic stream.
 * Kept local so the card games can be built and tested before the engine lands; the integrator unifies it.
 */
export type FloatAt = (i: number) => number;
