/** Events that several machines receive from the auth actor (docs/product.md §4 Authentication). */
export interface SignedInUser {
  userName: string;
  id?: string;
}

export type AuthEvent =
  /** Login or a restored session: the player, and the access token the hub authenticates with. */
  | { type: 'auth.loggedIn'; user: SignedInUser; token: string }
  | { type: 'auth.loggedOut' }
  /** The access token was refreshed (docs/product.md §4: one refresh on a 401 or on an expired token at start). */
  | { type: 'auth.tokenChanged'; token: string };

/** A row of the bets table and the payload of the hub's `bet` event (docs/product.md §3 Bet). */
export interface Bet {
  id: string;
  gameName: string;
  playerName: string;
  wager: number;
  currency: string;
  multiplier: number;
  payout: number;
  /** Blackjack and baccarat: false while the player's own round is still being animated. */
  animationOver?: boolean;
}

/** What a game reports to the bets feed after a settled bet; the feed knows the player's name. */
export type PlacedBet = Omit<Bet, 'playerName'>;

/** Message of a failed call: the server's `error`/`errorMessage` field if it answered, else the fallback (docs/product.md §8). */
export function serverMessage(error: unknown, fallback: string): string {
  const fields = (value: unknown): string | null => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    for (const key of ['error', 'errorMessage']) {
      const text = record[key];
      if (typeof text === 'string' && text !== '') return text;
    }
    return null;
  };
  // A failure may carry the parsed body in `data`; an adapter may also reject with the body itself.
  const body = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  return fields(body) ?? fields(error) ?? fallback;
}

/** The selected wallet as every game screen sees it; `fiatRate` is set only while Display FIAT is on. */
export interface GameWallet {
  currency: string;
  balance: number;
  fiatRate: number | null;
  /** Dollars per coin whatever the display, when known: baccarat sizes its chips by it. */
  exchangeRate?: number | null;
}

/** The wallet a game starts with when its input names none. */
export const DEFAULT_WALLET: GameWallet = { currency: 'BTC', balance: 0, fiatRate: null };
