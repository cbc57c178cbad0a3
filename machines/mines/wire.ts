/** The mines calls' wire types, declared once in src/core/contracts/mines.ts. */
export type {
  ActiveMinesGame,
  MinesActiveGameReply,
  MinesBetRequest,
  MinesBetReply as MinesBetResponse,
  MinesCashoutReply as MinesCashoutResponse,
  MinesPickRequest,
  MinesPickReply as MinesPickResponse,
} from '../../src/core/contracts/mines';
