import type { ActorRefFrom } from 'xstate';
import type { baccaratMachine } from '../../../../machines/baccarat/machine';

/** The baccarat screen's actor, as the app spawns it in its actor system (useScreenActor). */
export type BaccaratRef = ActorRefFrom<typeof baccaratMachine>;
