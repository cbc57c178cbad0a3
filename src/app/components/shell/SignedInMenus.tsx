import { useWalletReady } from '../../actors/AppActor';
import { AccountMenu } from './AccountMenu';
import { BalanceMenu } from '../wallet/BalanceMenu';
import { StatsHost } from '../stats/StatsHost';
import { PreferencesHost } from '../preferences/PreferencesHost';

/**
 * The header's right side for a signed-in player: the balance and account menus (a chunk of their own,
 * Header.tsx), shown together once the wallet runs (it starts after the first paint).
 */
export function SignedInMenus() {
  if (!useWalletReady()) return null;
  return (
    <>
      <BalanceMenu />
      <AccountMenu />
      <StatsHost />
      <PreferencesHost />
    </>
  );
}
