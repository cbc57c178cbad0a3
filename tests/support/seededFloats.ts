import type { FloatAt } from '../../src/core/fairness/floats';

/**
 * Deterministic stand-in for the fairness engine in tests and benches: sfc32, two outputs per
 * float for 53 random bits. Each `nextStream()` is one bet's stream; its floats are drawn lazily and
 * cached, so `floatAt(i)` is stable however often and in whatever order it is read.
 */
export interface SeededStreams {
  nextStream(): FloatAt;
}

export function createSeededStreams(seed: number): SeededStreams {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 16; i++) next32();
  const nextFloat = (): number => ((next32() >>> 5) * 67_108_864 + (next32() >>> 6)) / 9_007_199_254_740_992;
  return {
    nextStream(): FloatAt {
      const floats: number[] = [];
      return (i) => {
        while (floats.length <= i) floats.push(nextFloat());
        return floats[i] as number;
      };
    },
  };
}

/** A stream that deals exactly the given card indexes, via the centre of each card's float interval. */
export function scriptedCards(cards: readonly number[]): FloatAt {
  return (i) => {
    const card = cards[i];
    if (card === undefined) throw new Error(`Scripted stream ran out: float ${i} requested, ${cards.length} scripted`);
    return (card + 0.5) / 52;
  };
}
