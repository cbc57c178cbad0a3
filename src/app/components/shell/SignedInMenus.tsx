import { AccountMenu } from './AccountMenu';
import { BalanceMenu } from '../wallet/BalanceMenu';
import { StatsHost } from '../stats/StatsHost';

/** The header's right side for a signed-in player: the balance and account menus (a chunk of their own, Header.tsx). */
export function SignedInMenus() {
  return (
    <>
      <BalanceMenu />
      <AccountMenu />
      <StatsHost />
    </>
  );
}
