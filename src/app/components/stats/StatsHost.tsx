import { createPortal } from 'react-dom';
import type { AnyActorRef } from 'xstate';
import { selectUser } from '../../../../machines/auth/selectors';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { AppActor, useAuth, useRuntime, useWalletReady } from '../../actors/AppActor';
import { provideStats } from '../../actors/stats';
import { useScreenActor } from '../../adapters/screenActor';
import { LiveStatsPanel } from './LiveStatsPanel';

/** ACC is held and staked, never bet. */
const NOT_BET = new Set(['ACC']);

interface WalletView {
  context: { selected: string; wallets: Array<{ currencySymbol: string }> };
}

/**
 * Spawns the live statistics actor while a player is signed in (with the account menu, whose "Live
 * statistics" item opens it) and shows its panel when open, over the page. It starts on the wallet's currency.
 */
export function StatsHost() {
  // It starts on the wallet's currency, so it waits for the wallet (which starts after the first paint).
  return useWalletReady() ? <StatsActorHost /> : null;
}

function StatsActorHost() {
  const [user] = useAuth(selectUser);
  const runtime = useRuntime();
  const wallet = AppActor.useSelector((s) => s.children.wallet) as AnyActorRef | undefined;
  const view = wallet?.getSnapshot() as WalletView | undefined;
  const currencies = (view?.context.wallets ?? []).map((w) => w.currencySymbol).filter((symbol) => !NOT_BET.has(symbol));
  const selected = view?.context.selected;
  const currency = selected && !NOT_BET.has(selected) ? selected : (currencies[0] ?? 'BTC');
  const actor = useScreenActor(SCREEN_IDS.stats, runtime.provided(provideStats), { userName: user?.userName ?? '', currency });
  // Out of the header, whose backdrop filter would make it the panel's frame instead of the window.
  return actor ? createPortal(<LiveStatsPanel actor={actor} currencies={currencies} />, document.body) : null;
}
