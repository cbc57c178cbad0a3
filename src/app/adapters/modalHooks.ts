import { useEffect } from 'react';
import type { ModalStackRef } from '../actors/AppActor';

/*
 * The modals' listed adapter hooks (see hooks.ts): in a module of their own, so that they load with the
 * modal host (a chunk of its own), not with the first page.
 */

/** Escape closes the top modal, wherever focus is. */
export function useEscapeClosesTopModal(modals: ModalStackRef, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') modals.send({ type: 'user.closeTopModal' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modals, active]);
}

/** Moves focus into a freshly opened dialog so keyboard users land inside it. */
export function useFocusOnMount(ref: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    ref.current?.focus();
  }, [ref]);
}
