import type { ActorRefFrom } from 'xstate';
import type { baccaratMachine } from '../../../../machines/baccarat/machine';

/** The baccarat screen's actor, as useGameActor starts it. */
export type BaccaratRef = ActorRefFrom<typeof baccaratMachine>;
