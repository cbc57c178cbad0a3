import type { AnyActorLogic, AnyActorRef } from 'xstate';
import type { User } from '../../src/core/accounts/session';
import type { AuthAnnouncement } from '../auth/announcements';
import type { AuthEvent, GameWallet } from '../shared/events';
import type { ScreenId } from '../shared/system';
import type { WalletInput } from '../wallet/machine';

/** What a route (or a modal) tells the app when it mounts and unmounts. */
export type ScreenEvent =
  | {
      type: 'screen.opened';
      systemId: ScreenId;
      /** The screen's machine with src/app's effects provided, loaded with the route's chunk. */
      logic: AnyActorLogic;
      /** What only the route knows (a mailed token, the modal's currency); the app adds signedIn and wallet. */
      input?: Record<string, unknown>;
    }
  | { type: 'screen.closed'; systemId: ScreenId };

/** The wallet's news that its selection, balances, rates or display changed (sendParent). */
export type WalletAnnouncement = { type: 'wallet.updated' };

export interface AppContext {
  viewportWidth: number;
  wallet?: WalletInput;
  /** The screen actors open now, by systemId. */
  screens: Partial<Record<ScreenId, AnyActorRef>>;
  /** The signed-in player and the access token screens are told of, null for a visitor. */
  session: { user: User; token: string } | null;
  /** The selected wallet the screens were last told of, so they hear only real changes. */
  screenWallet: GameWallet | null;
}

/** The part of the wallet's snapshot a screen sees: read through the system, never through React. */
interface WalletView {
  context: { selected: string; wallets: { currencySymbol: string; balance: number }[]; rates: Record<string, number> };
  hasTag: (tag: string) => boolean;
}

/** The selected wallet as every game screen sees it; `fiatRate` only while Display FIAT is on. */
export function gameWalletOf(snapshot: unknown): GameWallet | null {
  const view = snapshot as WalletView | undefined;
  if (!view?.context) return null;
  const { selected, wallets, rates } = view.context;
  const rate = rates[selected];
  return {
    currency: selected,
    balance: wallets.find((w) => w.currencySymbol === selected)?.balance ?? 0,
    fiatRate: view.hasTag('fiat') && rate !== undefined ? rate : null,
    exchangeRate: rate ?? null,
  };
}

/** The dollar rates the wallet knows, read through the system, or null before it has any. */
export function ratesOf(snapshot: unknown): Record<string, number> | null {
  const rates = (snapshot as WalletView | undefined)?.context?.rates;
  return rates && Object.keys(rates).length > 0 ? rates : null;
}

export function sameGameWallet(a: GameWallet | null, b: GameWallet | null): boolean {
  if (a === null || b === null) return a === b;
  return a.currency === b.currency && a.balance === b.balance && a.fiatRate === b.fiatRate && (a.exchangeRate ?? null) === (b.exchangeRate ?? null);
}

/** A screen's first input: the route's part, then who is playing and the selected wallet. */
export function screenInput(input: Record<string, unknown> | undefined, signedIn: boolean, wallet: GameWallet | null) {
  return { ...input, signedIn, ...(wallet ? { wallet } : {}) };
}

/** Auth's announcement as screens, the live link and the feed hear it: the player and the access token only. */
export function screenAuthEvent(event: AuthAnnouncement): Exclude<AuthEvent, { type: 'auth.tokenChanged' }> {
  return event.type === 'auth.loggedIn'
    ? { type: 'auth.loggedIn', user: { userName: event.user.userName, id: String(event.user.id) }, token: event.tokens.accessToken }
    : { type: 'auth.loggedOut' };
}
