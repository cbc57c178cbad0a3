/** The baccarat call's wire types, declared once in src/core/contracts/baccarat.ts. */
import type { BaccaratBetReply } from '../../src/core/contracts/baccarat';

export type { BaccaratBetRequest, BaccaratBetReply as BaccaratBetResponse } from '../../src/core/contracts/baccarat';
export type BaccaratWireBet = BaccaratBetReply['bet'];
