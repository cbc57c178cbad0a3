/**
 * State regions that every game screen has, written once. A region names guards and tags; each
 * machine that uses one declares those names in its own `setup` (here: the `startsSignedIn` guard).
 */

const VISITOR_BETS = 'Nobody is signed in: pressing Bet opens the login modal instead of betting (docs/product.md §5 check 1).';

/** Who is at the table: from the screen's input at start, then the auth events it is sent. */
export function playerRegion(visitorDescription: string = VISITOR_BETS) {
  return {
    initial: 'choosing' as const,
    states: {
      choosing: {
        description: 'Starts as the visitor or player the app says is there.',
        always: [{ guard: 'startsSignedIn' as const, target: 'signedIn' as const }, { target: 'visitor' as const }],
      },
      visitor: {
        description: visitorDescription,
        on: { 'auth.loggedIn': 'signedIn' as const },
      },
      signedIn: {
        description: 'A player is signed in and may bet from the selected wallet.',
        tags: ['signedIn'],
        on: { 'auth.loggedOut': 'visitor' as const },
      },
    },
  };
}

/**
 * Pressing Bet where no bet is in flight, in docs/product.md §5 order: a visitor gets the login modal (check 1),
 * a refused check shows its message in `round.refused`, an accepted bet goes to `round.placing`.
 * `next` is for the states only a player reaches (after a refusal, a failure or a round), where
 * check 1 has passed already. The machine declares the guards and actions it names.
 */
export function betAttempt<const TId extends string>(machineId: TId) {
  const refused = { guard: 'isRefused', target: `#${machineId}.round.refused`, actions: 'storeRefusal' } as const;
  const placing = { guard: 'isAccepted', target: `#${machineId}.round.placing` } as const;
  return {
    first: { 'user.bet': [{ guard: 'isVisitor', actions: 'openLogin' } as const, refused, placing] },
    next: { 'user.bet': [refused, placing] },
  };
}
