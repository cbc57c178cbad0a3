import { useId } from 'react';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import styles from './BetAmount.module.css';

interface BetAmountProps {
  /** The amount exactly as typed (coins, or dollars in fiat display), from the game machine. */
  value: string;
  currency: string;
  /** Dollars are typed when Display FIAT is on (docs/product.md §5: converted by the rate). */
  fiat: boolean;
  placeholder?: string;
  disabled?: boolean;
  onType: (text: string) => void;
  onHalf: () => void;
  onDouble: () => void;
  label?: string;
}

/** The bet amount of every game (docs/product.md §2/§5): the field, its currency, and the ½ and 2× buttons. */
export function BetAmount({ value, currency, fiat, placeholder, disabled, onType, onHalf, onDouble, label = 'Bet amount' }: BetAmountProps) {
  const id = useId();
  return (
    <div className={styles.wrap}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row} data-disabled={disabled ? 'true' : undefined}>
        <span className={styles.unit} aria-hidden="true">
          {fiat ? <span className={styles.dollar}>$</span> : <CurrencyIcon symbol={currency} size={18} />}
        </span>
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          placeholder={placeholder ?? (fiat ? '0.00' : '0.00000000')}
          disabled={disabled}
          onChange={(event) => onType(event.target.value)}
        />
        <button type="button" className={styles.step} onClick={onHalf} disabled={disabled} aria-label="Half the bet">
          ½
        </button>
        <button type="button" className={styles.step} onClick={onDouble} disabled={disabled} aria-label="Double the bet">
          2×
        </button>
      </div>
    </div>
  );
}
