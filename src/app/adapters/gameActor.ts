import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { AnyStateMachine } from 'xstate';
import { useAuthRef, useRuntime, useWalletRef } from '../actors/AppActor';
import type { AuthRef, WalletRef } from '../actors/AppActor';
import type { GameWallet } from '../../../machines/shared/events';

function gameWalletOf(wallet: WalletRef): GameWallet {
  const snapshot = wallet.getSnapshot();
  const selected = snapshot.context.selected;
  const balance = snapshot.context.wallets.find((w) => w.currencySymbol === selected)?.balance ?? 0;
  const rate = snapshot.context.rates[selected];
  return { currency: selected, balance, fiatRate: snapshot.hasTag('fiat') && rate !== undefined ? rate : null, exchangeRate: rate ?? null };
}

const signedIn = (auth: AuthRef) => auth.getSnapshot().hasTag('signedIn');

/**
 * A listed adapter hook: starts a game screen's actor for as long as the route is shown and keeps
 * it told of the selected wallet (`wallet.changed`) and of login and logout, so the game machine
 * never reads another actor itself.
 */
export function useGameActor<TLogic extends AnyStateMachine>(logic: TLogic) {
  const wallet = useWalletRef();
  const auth = useAuthRef();
  const { inspect } = useRuntime();
  const actor = useActorRef(logic, { input: { signedIn: signedIn(auth), wallet: gameWalletOf(wallet) }, ...(inspect ? { inspect } : {}) } as never);
  useEffect(() => {
    let lastWallet = JSON.stringify(gameWalletOf(wallet));
    let wasSignedIn = signedIn(auth);
    const walletSub = wallet.subscribe(() => {
      const next = gameWalletOf(wallet);
      const text = JSON.stringify(next);
      if (text === lastWallet) return;
      lastWallet = text;
      actor.send({ type: 'wallet.changed', wallet: next } as never);
    });
    const authSub = auth.subscribe((snapshot) => {
      const now = snapshot.hasTag('signedIn');
      if (now === wasSignedIn) return;
      wasSignedIn = now;
      const user = snapshot.context.user;
      actor.send((now && user ? { type: 'auth.loggedIn', user: { userName: user.userName, id: String(user.id) }, token: '' } : { type: 'auth.loggedOut' }) as never);
    });
    return () => {
      walletSub.unsubscribe();
      authSub.unsubscribe();
    };
  }, [actor, wallet, auth]);
  return actor;
}
