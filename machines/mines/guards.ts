import { isTileId, isValidMinesCount } from '../../src/core/games/mines';
import { autobetGuards } from '../autobet/gameKit';
import { betGuards } from '../shared/betGuards';
import type { BetOutcome } from '../shared/requestFailure';
import { minesCheck } from './context';
import type { MinesContext } from './context';
import type { ActiveMinesGame, MinesPickResponse } from './wire';

type Ctx = { context: MinesContext };

export const minesGuards = {
  ...betGuards<MinesContext>(minesCheck),
  ...autobetGuards<MinesContext>(),
  noAutoTiles: ({ context }: Ctx) => context.autoTiles.length === 0,
  /** A tile can be chosen for Auto while no game is on the board's way (at most 24: one mine at least). */
  isAutoTile: ({ context }: Ctx, params: { tileId: number }) => isTileId(params.tileId) && (context.autoTiles.includes(params.tileId) || context.autoTiles.length < 24),
  autoPickDue: ({ context }: Ctx) => (context.autoPicks?.length ?? 0) > 0,
  autoCashoutDue: ({ context }: Ctx) => context.autoPicks !== null && context.autoPicks.length === 0 && context.gems.length > 0,
  inAutoRound: ({ context }: Ctx) => context.autoPicks !== null,
  isMinesCount: (_: unknown, params: { count: number }) => isValidMinesCount(params.count),
  isHiddenTile: ({ context }: Ctx, params: { tileId: number }) => isTileId(params.tileId) && !context.gems.includes(params.tileId),
  hasGem: ({ context }: Ctx) => context.gems.length > 0,
  hitMine: ({ context }: Ctx) => context.hitMine !== null,
  hasActiveGame: (_: unknown, params: { game: ActiveMinesGame | null }) => params.game !== null,
  answered: (_: unknown, params: { outcome: BetOutcome<unknown> }) => params.outcome.kind === 'answered',
  isMine: (_: unknown, params: { outcome: BetOutcome<MinesPickResponse> }) => params.outcome.kind === 'answered' && params.outcome.answer.isMine === true,
  isGameOver: (_: unknown, params: { outcome: BetOutcome<MinesPickResponse> }) =>
    params.outcome.kind === 'answered' && params.outcome.answer.gameState === 'GameOver',
};
