import type { SnapshotFrom } from 'xstate';
import { SIDEBAR_BREAKPOINT } from './machine';
import type { shellMachine } from './machine';

type Snapshot = SnapshotFrom<typeof shellMachine>;

export const selectSidebarOpen = (snapshot: Snapshot): boolean => snapshot.hasTag('sidebarOpen');
export const selectIsPhoneLayout = (snapshot: Snapshot): boolean => snapshot.context.viewportWidth <= SIDEBAR_BREAKPOINT;
