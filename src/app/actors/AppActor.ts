import { createActorContext, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { appMachine } from '../../../machines/app/machine';
import type { modalStackMachine } from '../../../machines/modalStack/machine';
import type { shellMachine } from '../../../machines/shell/machine';

export const AppActor = createActorContext(appMachine);

export type ModalStackRef = ActorRefFrom<typeof modalStackMachine>;
export type ShellRef = ActorRefFrom<typeof shellMachine>;

function useChild<T>(id: 'modals' | 'shell'): T {
  const ref = AppActor.useSelector((snapshot) => snapshot.children[id]);
  if (!ref) throw new Error(`app actor has no ${id} child`);
  return ref as T;
}

export const useModalStackRef = () => useChild<ModalStackRef>('modals');
export const useShellRef = () => useChild<ShellRef>('shell');

export function useModalStack<T>(selector: (snapshot: ReturnType<ModalStackRef['getSnapshot']>) => T): [T, ModalStackRef['send']] {
  const ref = useModalStackRef();
  return [useSelector(ref, selector), ref.send];
}

export function useShell<T>(selector: (snapshot: ReturnType<ShellRef['getSnapshot']>) => T): [T, ShellRef['send']] {
  const ref = useShellRef();
  return [useSelector(ref, selector), ref.send];
}
