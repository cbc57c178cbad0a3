import { useSelector } from '@xstate/react';
import { selectWinPopup } from '../../../../machines/mines/selectors';
import { amountWithUnit } from '../../format';
import type { MinesRef, MinesSnapshot } from './minesRef';
import styles from './MinesBoard.module.css';

/** Dollars only when Display FIAT is on for the currency the game was played in. */
const selectFiatRate = (s: MinesSnapshot): number | undefined => {
  const { wallet, win } = s.context;
  return wallet.fiatRate !== null && win?.currency === wallet.currency ? wallet.fiatRate : undefined;
};

/** docs/product.md §2/§9: the win popup (amount, multiplier, gems found), for as long as the machine shows it (3 s). */
export function WinPopup({ actor }: { actor: MinesRef }) {
  const win = useSelector(actor, selectWinPopup);
  const fiatRate = useSelector(actor, selectFiatRate);
  if (!win) return null;
  return (
    <div className={styles.popup} role="status" aria-label="You won">
      <span className={styles.popupMultiplier}>{win.multiplier.toFixed(2)}×</span>
      <span className={styles.popupRule} aria-hidden="true" />
      <span className={styles.popupAmount}>{amountWithUnit(win.amount, win.currency, fiatRate)}</span>
      <span className={styles.popupGems}>
        {win.gems} {win.gems === 1 ? 'gem' : 'gems'} found
      </span>
    </div>
  );
}
