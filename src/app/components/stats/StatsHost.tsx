import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { NON_BETTABLE_CURRENCY } from '../../../core/bets/validation';
import { selectUser } from '../../../../machines/auth/selectors';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { selectSelectedCurrency } from '../../../../machines/wallet/selectors';
import { useAuth, useRuntime, useWallet, useWalletReady } from '../../actors/AppActor';
import type { WalletRef } from '../../actors/AppActor';
import { provideStats } from '../../actors/stats';
import { useScreenActor } from '../../adapters/screenActor';
import { LiveStatsPanel } from './LiveStatsPanel';

/** The currencies a player bets in, as the wallet lists them (one string, so the selection stays equal while they do). */
const bettableSymbols = (s: ReturnType<WalletRef['getSnapshot']>): string =>
  s.context.wallets
    .map((w) => w.currencySymbol)
    .filter((symbol) => symbol !== NON_BETTABLE_CURRENCY)
    .join(' ');

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
  const [symbols] = useWallet(bettableSymbols);
  const [selected] = useWallet(selectSelectedCurrency);
  const currencies = useMemo(() => symbols.split(' ').filter(Boolean), [symbols]);
  const currency = selected !== NON_BETTABLE_CURRENCY ? selected : (currencies[0] ?? 'BTC');
  const actor = useScreenActor(SCREEN_IDS.stats, runtime.provided(provideStats), { userName: user?.userName ?? '', currency });
  // Out of the header, whose backdrop filter would make it the panel's frame instead of the window.
  return actor ? createPortal(<LiveStatsPanel actor={actor} currencies={currencies} />, document.body) : null;
}
