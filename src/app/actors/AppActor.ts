import { createActorContext, useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import { appMachine } from '../../../machines/app/machine';
import type { authMachine } from '../../../machines/auth/machine';
import type { modalStackMachine } from '../../../machines/modalStack/machine';
import type { shellMachine } from '../../../machines/shell/machine';
import type { walletMachine } from '../../../machines/wallet/machine';
import type { AppRuntime } from './appLogic';

export const AppActor = createActorContext(appMachine);

/** The runtime of the mounted app: the API client and the per-screen logic the routes start. */
export const RuntimeContext = createContext<AppRuntime | null>(null);

export function useRuntime(): AppRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside <App>');
  return runtime;
}

export type ModalStackRef = ActorRefFrom<typeof modalStackMachine>;
export type ShellRef = ActorRefFrom<typeof shellMachine>;
export type AuthRef = ActorRefFrom<typeof authMachine>;
export type WalletRef = ActorRefFrom<typeof walletMachine>;

function useChild<T>(id: 'modals' | 'shell' | 'auth' | 'wallet'): T {
  const ref = AppActor.useSelector((snapshot) => snapshot.children[id]);
  if (!ref) throw new Error(`app actor has no ${id} child`);
  return ref as T;
}

export const useModalStackRef = () => useChild<ModalStackRef>('modals');
export const useShellRef = () => useChild<ShellRef>('shell');
export const useAuthRef = () => useChild<AuthRef>('auth');
export const useWalletRef = () => useChild<WalletRef>('wallet');

/**
 * Whether the wallet runs yet: the app actor starts it once its chunk has arrived after the first paint
 * (machines/app, its wallet region). What reads the wallet renders once it does, as the bets table
 * waits for the feed.
 */
export const useWalletReady = (): boolean => AppActor.useSelector((snapshot) => snapshot.children.wallet !== undefined);

export function useModalStack<T>(selector: (snapshot: ReturnType<ModalStackRef['getSnapshot']>) => T): [T, ModalStackRef['send']] {
  const ref = useModalStackRef();
  return [useSelector(ref, selector), ref.send];
}

export function useShell<T>(selector: (snapshot: ReturnType<ShellRef['getSnapshot']>) => T): [T, ShellRef['send']] {
  const ref = useShellRef();
  return [useSelector(ref, selector), ref.send];
}

export function useAuth<T>(selector: (snapshot: ReturnType<AuthRef['getSnapshot']>) => T): [T, AuthRef['send']] {
  const ref = useAuthRef();
  return [useSelector(ref, selector), ref.send];
}

export function useWallet<T>(selector: (snapshot: ReturnType<WalletRef['getSnapshot']>) => T): [T, WalletRef['send']] {
  const ref = useWalletRef();
  return [useSelector(ref, selector), ref.send];
}
