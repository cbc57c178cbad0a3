import { useSelector } from '@xstate/react';
import { selectAutoTiles, selectBusted, selectCanChooseAutoTiles, selectIsGameOver, selectTiles } from '../../../../machines/mines/selectors';
import type { TileFace } from '../../../../machines/mines/selectors';
import { MINES_GRID_SIZE } from '../../../core/games/mines';
import { GemArt, MineArt } from '../game/MinesArt';
import type { MinesRef, MinesSnapshot } from './minesRef';
import { WinPopup } from './WinPopup';
import styles from './MinesBoard.module.css';

interface TileView {
  id: number;
  face: TileFace;
  canPick: boolean;
  /** Auto mode: the tile's place in the order each round picks (1, 2, …), or 0. */
  autoOrder: number;
  canChoose: boolean;
}

/** Every tile's face, and whether picking it is a move the machine takes now. */
const selectBoard = (s: MinesSnapshot): TileView[] => {
  const choosing = selectCanChooseAutoTiles(s);
  // The chosen tiles are marked only while Auto is on.
  const order = s.hasTag('auto') ? selectAutoTiles(s) : [];
  return selectTiles(s).map((tile) => ({
    ...tile,
    canPick: s.can({ type: 'user.pick', tileId: tile.id }),
    autoOrder: order.indexOf(tile.id) + 1,
    canChoose: choosing && s.can({ type: 'user.toggleAutoTile', tileId: tile.id }),
  }));
};

const sameBoard = (a: TileView[], b: TileView[]) =>
  a.every((tile, i) => tile.face === b[i]?.face && tile.canPick === b[i]?.canPick && tile.autoOrder === b[i]?.autoOrder && tile.canChoose === b[i]?.canChoose);

const FACE_WORDS: Record<TileFace, string> = {
  hidden: 'hidden',
  pending: 'revealing…',
  gem: 'gem',
  mine: 'mine',
  hiddenGem: 'gem, not picked',
  hiddenMine: 'mine, not picked',
};

function tileLabel(tile: TileView): string {
  const row = Math.floor(tile.id / MINES_GRID_SIZE) + 1;
  const col = (tile.id % MINES_GRID_SIZE) + 1;
  const auto = tile.autoOrder > 0 ? `, auto pick ${tile.autoOrder}` : '';
  return `Tile row ${row} column ${col}: ${FACE_WORDS[tile.face]}${auto}`;
}

/** The 5×5 board (docs/product.md §2): tiles are buttons, enabled when the machine accepts a pick of them. */
export function MinesBoard({ actor }: { actor: MinesRef }) {
  const tiles = useSelector(actor, selectBoard, sameBoard);
  const busted = useSelector(actor, selectBusted);
  const over = useSelector(actor, selectIsGameOver);
  return (
    <div className={styles.stage} data-busted={busted ? 'true' : undefined}>
      <div className={styles.grid} role="group" aria-label="Mines board">
        {tiles.map((tile) => (
          <button
            key={tile.id}
            type="button"
            className={styles.tile}
            data-face={tile.face}
            data-over={over ? 'true' : undefined}
            data-auto={tile.autoOrder > 0 ? 'true' : undefined}
            aria-label={tileLabel(tile)}
            disabled={!tile.canPick && !tile.canChoose}
            onClick={() => actor.send(tile.canChoose ? { type: 'user.toggleAutoTile', tileId: tile.id } : { type: 'user.pick', tileId: tile.id })}
          >
            <TileFaceArt face={tile.face} />
            {tile.autoOrder > 0 && tile.face === 'hidden' ? (
              <span className={styles.autoOrder} aria-hidden="true">
                {tile.autoOrder}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <WinPopup actor={actor} />
    </div>
  );
}

function TileFaceArt({ face }: { face: TileFace }) {
  if (face === 'gem' || face === 'hiddenGem') {
    return (
      <span className={styles.art}>
        <GemArt size={64} />
      </span>
    );
  }
  if (face === 'mine' || face === 'hiddenMine') {
    return (
      <span className={styles.art}>
        <MineArt size={64} />
      </span>
    );
  }
  return null;
}
