/** The dice calls' wire types, declared once in src/core/contracts/dice.ts. */
export type { DiceBetRequest, DiceBetReply as DiceBetResponse } from '../../src/core/contracts/dice';
