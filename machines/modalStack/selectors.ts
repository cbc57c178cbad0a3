import type { SnapshotFrom } from 'xstate';
import type { ModalEntry, ModalName, modalStackMachine } from './machine';

type Snapshot = SnapshotFrom<typeof modalStackMachine>;

export const selectModalStack = (snapshot: Snapshot): readonly ModalEntry[] => snapshot.context.stack;
export const selectIsAnyModalOpen = (snapshot: Snapshot): boolean => snapshot.hasTag('modalOpen');
export const selectTopModal = (snapshot: Snapshot): ModalEntry | undefined => snapshot.context.stack.at(-1);
export const selectIsModalOpen = (name: ModalName) => (snapshot: Snapshot): boolean =>
  snapshot.context.stack.some((entry) => entry.name === name);
