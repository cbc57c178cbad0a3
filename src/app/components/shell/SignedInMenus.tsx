import { AccountMenu } from './AccountMenu';
import { BalanceMenu } from '../wallet/BalanceMenu';

/** The header's right side for a signed-in player: the balance and account menus (a chunk of their own, Header.tsx). */
export function SignedInMenus() {
  return (
    <>
      <BalanceMenu />
      <AccountMenu />
    </>
  );
}
