import { shallowEqual } from '@xstate/react';
import { useSelector } from '@xstate/react';
import {
  selectDisplayFiat,
  selectHideZero,
  selectRates,
  selectSelectedWallet,
  selectVisibleWallets,
} from '../../../../machines/wallet/selectors';
import { useModalStackRef, useWalletRef } from '../../actors/AppActor';
import { formatAmount } from '../../format';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import styles from './BalanceMenu.module.css';

const MENU_ID = 'balance-menu';

/**
 * The balance dropdown of docs/product.md §2: the selected wallet's balance, the list of wallets, Display FIAT
 * and Hide 0 balances, and the Wallet button. Opening is the browser's popover; choices go to the wallet actor.
 */
export function BalanceMenu() {
  const wallet = useWalletRef();
  const modals = useModalStackRef();
  const selected = useSelector(wallet, selectSelectedWallet, shallowEqual);
  const wallets = useSelector(wallet, selectVisibleWallets, shallowEqual);
  const rates = useSelector(wallet, selectRates);
  const displayFiat = useSelector(wallet, selectDisplayFiat);
  const hideZero = useSelector(wallet, selectHideZero);
  const rateOf = (symbol: string) => (displayFiat ? rates[symbol] : undefined);
  const openCashier = () => modals.send({ type: 'user.openModal', name: 'Cashier' });

  return (
    <div className={styles.balance}>
      <button
        type="button"
        className={styles.trigger}
        popoverTarget={MENU_ID}
        aria-label={`Balance: ${formatAmount(selected.balance, selected.currencySymbol, rateOf(selected.currencySymbol))} ${selected.currencySymbol}`}
      >
        <CurrencyIcon symbol={selected.currencySymbol} size={20} />
        <span className={styles.amount} data-testid="header-balance">
          {formatAmount(selected.balance, selected.currencySymbol, rateOf(selected.currencySymbol))}
        </span>
        <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <button type="button" className={styles.walletButton} onClick={openCashier}>
        Wallet
      </button>
      <div id={MENU_ID} popover="auto" className={styles.menu} aria-label="Wallets">
        <ul className={styles.list}>
          {wallets.map((w) => (
            <li key={w.currencySymbol}>
              <button
                type="button"
                className={styles.row}
                data-currency={w.currencySymbol}
                aria-current={w.currencySymbol === selected.currencySymbol ? 'true' : undefined}
                popoverTarget={MENU_ID}
                popoverTargetAction="hide"
                onClick={() => wallet.send({ type: 'user.selectCurrency', symbol: w.currencySymbol })}
              >
                <span className={styles.coin}>
                  <CurrencyIcon symbol={w.currencySymbol} size={18} />
                  {w.currencySymbol}
                </span>
                <span className={styles.rowAmount}>{formatAmount(w.balance, w.currencySymbol, rateOf(w.currencySymbol))}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.options}>
          <label className={styles.check}>
            <input type="checkbox" checked={displayFiat} onChange={() => wallet.send({ type: 'user.toggleFiatDisplay' })} />
            Display FIAT
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={hideZero} onChange={() => wallet.send({ type: 'user.toggleHideZero' })} />
            Hide 0 balances
          </label>
        </div>
        <button type="button" className={styles.menuWallet} popoverTarget={MENU_ID} popoverTargetAction="hide" onClick={openCashier}>
          Wallet
        </button>
      </div>
    </div>
  );
}
