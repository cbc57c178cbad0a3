import { stateIn } from 'xstate';
import type { BetCheckResult } from '../../src/core/bets/validation';
import { limitsGuards } from './limits';
import type { WalletContext } from './limits';

/**
 * The guards every game screen's bet flow reads, written once: the limits region's, who is playing,
 * and the game's own bet check (docs/product.md §5) as refused or accepted. A game spreads them into
 * its guards and adds its own.
 */
export function betGuards<TContext extends WalletContext & { startSignedIn: boolean }>(check: (context: TContext) => BetCheckResult | null) {
  type Ctx = { context: TContext };
  return {
    ...limitsGuards,
    isVisitor: stateIn({ player: 'visitor' }),
    startsSignedIn: ({ context }: Ctx) => context.startSignedIn,
    isRefused: ({ context }: Ctx) => check(context)?.kind === 'invalid',
    isAccepted: ({ context }: Ctx) => check(context)?.kind === 'ok',
  };
}
