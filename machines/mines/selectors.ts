import type { SnapshotFrom } from 'xstate';
import { gemsCount, MINES_TILES, minesMultiplier, minesNextProfit, minesProfit } from '../../src/core/games/mines';
import { cryptoToFiat } from '../../src/core/money';
import type { MinesWin, minesMachine } from './machine';

type Snapshot = SnapshotFrom<typeof minesMachine>;

/**
 * What a tile shows. `pending`: picked, waiting for the server. At game over every tile is
 * revealed: `gem`/`mine` were picked, `hiddenGem`/`hiddenMine` were not.
 */
export type TileFace = 'hidden' | 'pending' | 'gem' | 'mine' | 'hiddenGem' | 'hiddenMine';

export interface Tile {
  id: number;
  face: TileFace;
}

export const selectAmountText = (s: Snapshot): string => s.context.amountText;
/** The slider's value: the game's mines count during play, the chosen one otherwise. */
export const selectMinesCount = (s: Snapshot): number => (s.hasTag('inPlay') && s.context.round ? s.context.round.minesCount : s.context.minesCount);
export const selectGemsCount = (s: Snapshot): number => gemsCount(selectMinesCount(s));
export const selectGemsFound = (s: Snapshot): number => s.context.gems.length;

/** docs/product.md §4: the slider and the amount are locked during play (and while a bet or a restore is in flight). */
export const selectSettingsLocked = (s: Snapshot): boolean => s.hasTag('inPlay') || s.hasTag('busy');
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectIsPlaying = (s: Snapshot): boolean => s.hasTag('inPlay');
export const selectIsGameOver = (s: Snapshot): boolean => s.hasTag('result');
export const selectBusted = (s: Snapshot): boolean => s.matches({ round: { roundOver: 'busted' } });
export const selectPlacing = (s: Snapshot): boolean => s.matches({ round: 'placing' });
export const selectCashingOut = (s: Snapshot): boolean => s.matches({ round: { playing: 'cashingOut' } });

/** Whether pressing Bet does something now (a bet, a refusal message, or the login modal). */
export const selectCanBet = (s: Snapshot): boolean => s.can({ type: 'user.bet' });
/** docs/product.md §4: Cashout needs at least one gem and nothing in flight. */
export const selectCanCashout = (s: Snapshot): boolean => s.can({ type: 'user.cashout' });
export const selectCanPick = (tileId: number) => (s: Snapshot): boolean => s.can({ type: 'user.pick', tileId });
export const selectCanHalveOrDouble = (s: Snapshot): boolean => s.can({ type: 'user.halveAmount' });

export const selectTiles = (s: Snapshot): Tile[] => {
  const { gems, mines, pendingTile, hitMine } = s.context;
  const over = s.hasTag('result');
  return Array.from({ length: MINES_TILES }, (_, id) => {
    if (id === pendingTile) return { id, face: 'pending' };
    if (gems.includes(id)) return { id, face: 'gem' };
    if (id === hitMine) return { id, face: 'mine' };
    if (over) return { id, face: mines.includes(id) ? 'hiddenMine' : 'hiddenGem' };
    return { id, face: 'hidden' };
  });
};

/** In the displayed unit: coins, or dollars when Display FIAT is on. */
const display = (s: Snapshot, coins: number): number => {
  const { fiatRate } = s.context.wallet;
  return fiatRate === null ? coins : cryptoToFiat(coins, fiatRate);
};

/** The max payout of the game's currency in coins, when known. */
const maxPayoutOf = (s: Snapshot): number | null => {
  const { limits, round, wallet } = s.context;
  if (!limits || (round && round.currency !== wallet.currency)) return null;
  return limits.maxPayout;
};

export interface ProfitLine {
  multiplier: number;
  /** In the displayed unit. */
  profit: number;
}

/** Current profit and multiplier for the gems found (docs/product.md §2), during play. */
export const selectCurrentProfit = (s: Snapshot): ProfitLine | null => {
  const { round, gems } = s.context;
  if (!round || !s.hasTag('inPlay')) return null;
  const cap = maxPayoutOf(s) ?? Number.MAX_SAFE_INTEGER;
  return { multiplier: minesMultiplier(round.minesCount, gems.length), profit: display(s, minesProfit(round.betAmount, round.minesCount, gems.length, cap)) };
};

/** Profit if the next tile is a gem, capped at maxPayout (docs/product.md §5); null when every gem is found. */
export const selectNextProfit = (s: Snapshot): ProfitLine | null => {
  const { round, gems } = s.context;
  if (!round || !s.hasTag('inPlay')) return null;
  const cap = maxPayoutOf(s) ?? Number.MAX_SAFE_INTEGER;
  const next = minesNextProfit(round.betAmount, round.minesCount, gems.length, cap);
  return next === null ? null : { multiplier: minesMultiplier(round.minesCount, gems.length + 1), profit: display(s, next) };
};

/** The win popup (amount, multiplier, gems found) while it shows. */
export const selectWinPopup = (s: Snapshot): MinesWin | null => (s.hasTag('winPopup') ? s.context.win : null);
/** Instant reveal: the ended game's bet and its public server seed, to verify at once; never while a game is open. */
export const selectRevealedBet = (s: Snapshot): { betId: number; serverSeed: string } | null => (s.hasTag('result') ? s.context.revealed : null);
/** The refusal or failure message while it shows. */
export const selectMessage = (s: Snapshot): string | null => (s.hasTag('message') ? s.context.message : null);

/** Manual or Auto (the Auto panel shows, and Bet reads Start autobet). */
export const selectIsAuto = (s: Snapshot): boolean => s.hasTag('auto');
/** The Auto mode's run, to render its panel; undefined in Manual. */
export const selectAutobet = (s: Snapshot) => s.children.autobet;
/** Whether Start autobet does something now: it takes the checks of Bet. */
export const selectCanStartAuto = (s: Snapshot): boolean => s.hasTag('auto') && s.can({ type: 'user.bet' });
/** The tiles each round of a run picks, in order (Auto mode). */
export const selectAutoTiles = (s: Snapshot): number[] => s.context.autoTiles;
/** A tile can be chosen for Auto now: Auto is on and no game is on the board. */
export const selectCanChooseAutoTiles = (s: Snapshot): boolean => s.hasTag('auto') && !s.hasTag('inPlay') && !s.hasTag('busy');
