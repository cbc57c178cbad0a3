import { useSelector } from '@xstate/react';
import { chipLabel, selectChipValues, selectSelectedChip } from '../../../../machines/baccarat/selectors';
import { Chip } from './Chip';
import { chipWorth } from './format';
import styles from './Baccarat.module.css';
import type { BaccaratRef } from './types';

/** The chip values the player places with; the chosen one is raised. */
export function ChipSelector({ actor }: { actor: BaccaratRef }) {
  const selected = useSelector(actor, selectSelectedChip);
  const wallet = useSelector(actor, (s) => s.context.wallet);
  // One boolean per chip (all follow the same state), so a single can() decides them all.
  const enabled = useSelector(actor, (s) => s.can({ type: 'user.selectChip', value: selected }));
  return (
    <div className={styles.chipSelector}>
      <div className={styles.label}>
        <span>Chip value</span>
        <span className={styles.chipWorth} data-testid="chip-worth">
          {chipWorth(selected, wallet.currency, wallet.fiatRate)}
        </span>
      </div>
      <div className={styles.chipRow} role="group" aria-label="Chip value">
        {selectChipValues().map((value) => (
          <button
            key={value}
            type="button"
            className={styles.chipButton}
            aria-pressed={value === selected}
            aria-label={`Chip ${chipLabel(value)}`}
            title={chipWorth(value, wallet.currency, wallet.fiatRate)}
            disabled={!enabled}
            onClick={() => actor.send({ type: 'user.selectChip', value })}
          >
            <Chip value={value} size={38} />
          </button>
        ))}
      </div>
    </div>
  );
}
