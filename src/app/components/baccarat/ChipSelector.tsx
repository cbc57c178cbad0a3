import { useSelector } from '@xstate/react';
import { selectChips, selectSelectedChip } from '../../../../machines/baccarat/selectors';
import { Chip } from './Chip';
import { chipWorth } from './format';
import styles from './Baccarat.module.css';
import type { BaccaratRef } from './types';

/** The chip values the player places with, in the selected currency; the chosen one is raised. */
export function ChipSelector({ actor }: { actor: BaccaratRef }) {
  const selected = useSelector(actor, selectSelectedChip);
  const chips = useSelector(actor, selectChips, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const wallet = useSelector(actor, (s) => s.context.wallet);
  // One boolean per chip (all follow the same state), so a single can() decides them all.
  const enabled = useSelector(actor, (s) => s.can({ type: 'user.selectChip', value: selected }));
  return (
    <div className={styles.chipSelector}>
      <div className={styles.label}>
        <span>Chip value</span>
        <span className={styles.chipWorth} data-testid="chip-worth">
          {selected > 0 ? chipWorth(selected, wallet.currency, wallet.fiatRate) : ''}
        </span>
      </div>
      <div className={styles.chipRow} role="group" aria-label="Chip value" data-testid="chip-row">
        {chips.map((chip) => (
          <button
            key={chip.value}
            type="button"
            className={styles.chipButton}
            aria-pressed={chip.value === selected}
            aria-label={`Chip ${chip.face}`}
            title={chipWorth(chip.value, wallet.currency, wallet.fiatRate)}
            disabled={!enabled}
            onClick={() => actor.send({ type: 'user.selectChip', value: chip.value })}
          >
            <Chip value={chip.value} face={chip.face} rung={chip.rung} size={44} />
          </button>
        ))}
      </div>
    </div>
  );
}
