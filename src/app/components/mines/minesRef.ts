import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { minesMachine } from '../../../../machines/mines/machine';

/** The mines screen's actor as its components receive it. */
export type MinesRef = ActorRefFrom<typeof minesMachine>;
export type MinesSnapshot = SnapshotFrom<typeof minesMachine>;
