import { useSelector } from '@xstate/react';
import { BACCARAT_AREAS } from '../../../../machines/baccarat/machine';
import type { BaccaratArea } from '../../../../machines/baccarat/machine';
import { chipViewOf, selectAreaTotal, selectCanPlaceChips, selectChips, selectStack } from '../../../../machines/baccarat/selectors';
import { Chip } from './Chip';
import { displayAmount } from './format';
import styles from './Baccarat.module.css';
import type { BaccaratRef } from './types';

const AREA_NAMES: Record<BaccaratArea, string> = { player: 'Player', tie: 'Tie', banker: 'Banker' };
const AREA_PAYS: Record<BaccaratArea, string> = { player: '1:1', tie: '8:1', banker: '0.95:1' };
/** Chips drawn per stack; the count badge tells the rest. */
const VISIBLE_CHIPS = 8;

/** The three betting areas of the felt; a click places the selected chip on top of that area's stack. */
export function BettingAreas({ actor, winner }: { actor: BaccaratRef; winner: BaccaratArea | null }) {
  const canPlace = useSelector(actor, selectCanPlaceChips);
  return (
    <div className={styles.areas}>
      {BACCARAT_AREAS.map((area) => (
        <BettingArea key={area} actor={actor} area={area} enabled={canPlace} won={winner === area} />
      ))}
    </div>
  );
}

function BettingArea({ actor, area, enabled, won }: { actor: BaccaratRef; area: BaccaratArea; enabled: boolean; won: boolean }) {
  const stack = useSelector(actor, selectStack(area));
  const total = useSelector(actor, selectAreaTotal(area));
  const fiat = useSelector(actor, (s) => s.context.wallet.fiatRate !== null);
  const chips = useSelector(actor, selectChips, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const shown = stack.slice(-VISIBLE_CHIPS);
  return (
    <button
      type="button"
      className={styles.area}
      data-area={area}
      data-won={won ? 'true' : undefined}
      disabled={!enabled}
      aria-label={`Bet on ${AREA_NAMES[area]}, pays ${AREA_PAYS[area]}`}
      onClick={() => actor.send({ type: 'user.placeChip', area })}
    >
      <span className={styles.areaName}>{AREA_NAMES[area]}</span>
      <span className={styles.areaPays}>pays {AREA_PAYS[area]}</span>
      <span className={styles.stack} data-testid={`stack-${area}`} data-count={stack.length}>
        {shown.map((value, i) => (
          // Chips only ever go on top, so the position is a stable key.
          <span key={stack.length - shown.length + i} className={styles.stackChip} style={{ bottom: i * 4 }}>
            <Chip {...chipViewOf(chips, value)} size={44} />
          </span>
        ))}
        {stack.length > VISIBLE_CHIPS ? <span className={styles.stackCount}>×{stack.length}</span> : null}
      </span>
      <span className={styles.areaTotal} data-testid={`total-${area}`} data-empty={stack.length === 0 ? 'true' : undefined}>
        {displayAmount(total, fiat)}
      </span>
    </button>
  );
}
