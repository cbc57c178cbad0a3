import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { betsFeedMachine } from '../../../../machines/betsFeed/machine';
import { selectRows, selectShowsMyBetsTab, selectTab } from '../../../../machines/betsFeed/selectors';
import { selectDisplayFiat, selectRates } from '../../../../machines/wallet/selectors';
import { AppActor, useWalletReady, useWalletRef } from '../../actors/AppActor';
import { useFrameSelector } from '../../adapters/screenHooks';
import { formatAmount } from '../../format';
import { BetsTable } from './BetsTable';

type BetsFeedRef = ActorRefFrom<typeof betsFeedMachine>;

const ALL_TABS = [
  { id: 'all', label: 'ALL BETS' },
  { id: 'mine', label: 'MY BETS' },
  { id: 'highRollers', label: 'HIGH ROLLERS' },
] as const;

/**
 * The live bets table under every game (docs/product.md §2): the feed actor's rows, shown as the wallet
 * shows amounts; once both run (they start after the first paint).
 */
export function BetsPanel() {
  const feed = AppActor.useSelector((s) => s.children.betsFeed) as BetsFeedRef | undefined;
  const walletReady = useWalletReady();
  if (!feed || !walletReady) return null;
  return <BetsPanelView feed={feed} />;
}

function BetsPanelView({ feed }: { feed: BetsFeedRef }) {
  const wallet = useWalletRef();
  const rows = useFrameSelector(feed, selectRows);
  const tab = useSelector(feed, selectTab);
  const showMine = useSelector(feed, selectShowsMyBetsTab);
  const displayFiat = useSelector(wallet, selectDisplayFiat);
  const rates = useSelector(wallet, selectRates);
  const navigate = useNavigate();
  const tabs = ALL_TABS.filter((t) => t.id !== 'mine' || showMine);
  return (
    <BetsTable
      tabs={tabs}
      activeTab={tab}
      onSelectTab={(id) => feed.send({ type: 'user.selectTab', tab: id as (typeof ALL_TABS)[number]['id'] })}
      rows={rows.map((bet) => ({ ...bet, id: Number(bet.id) }))}
      formatAmount={(amount, currency) => formatAmount(amount, currency, displayFiat ? rates[currency] : undefined)}
      onOpenBet={(id) => void navigate({ to: '/bet/$betId', params: { betId: String(id) } })}
    />
  );
}
