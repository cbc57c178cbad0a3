import { useEffect } from 'react';
import type { ModalStackRef } from '../actors/AppActor';
import { isTyping } from './typing';

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

/**
 * ? (Shift+/) anywhere but in a field → the hotkeys panel: closes it when it is the top modal
 * (`panelOnTop`, from the stack's snapshot), opens it otherwise.
 */
export function useHotkeysPanelKey(modals: ModalStackRef, panelOnTop: boolean): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.repeat || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      modals.send(panelOnTop ? { type: 'user.closeTopModal' } : { type: 'user.openModal', name: 'Hotkeys' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modals, panelOnTop]);
}

/** A flag on the page's root element (html[data-<name>]) while `on`: theme.css keys page-wide styles to it. */
export function useDocumentFlag(name: string, on: boolean): void {
  useEffect(() => {
    if (!on) return;
    document.documentElement.setAttribute(`data-${name}`, '');
    return () => document.documentElement.removeAttribute(`data-${name}`);
  }, [name, on]);
}
