import { useEffect, useRef, useState } from 'react';
import { useGameKeysOn } from '../actors/usePreferences';
import { isTyping } from './typing';

/*
 * The listed adapter hooks of the game screens and the bets feed (the rest are in hooks.ts): each
 * turns a browser happening into an event or a render and decides nothing itself. A file of their
 * own, so they load with the screens that use them, not with the first page.
 * Game screens: useSpaceKey (Space bets), useRingPointer (the dice ring's slider), useKeyEvents.
 */

/**
 * Like useSelector, but re-renders at most once per animation frame: hundreds of live bets a
 * second reach the feed, and the table only needs the latest picture at paint time.
 */
export function useFrameSelector<TSnapshot, T>(
  actor: { getSnapshot: () => TSnapshot; subscribe: (listener: (snapshot: TSnapshot) => void) => { unsubscribe: () => void } },
  selector: (snapshot: TSnapshot) => T,
): T {
  const [value, setValue] = useState(() => selector(actor.getSnapshot()));
  const latest = useRef(selector);
  latest.current = selector;
  useEffect(() => {
    let frame: number | null = null;
    const schedule = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 16) as unknown as number;
    const cancel = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : (id: number) => clearTimeout(id);
    const subscription = actor.subscribe(() => {
      if (frame !== null) return;
      frame = schedule(() => {
        frame = null;
        setValue(latest.current(actor.getSnapshot()));
      });
    });
    setValue(latest.current(actor.getSnapshot()));
    return () => {
      subscription.unsubscribe();
      if (frame !== null) cancel(frame);
    };
  }, [actor]);
  return value;
}

/**
 * Single-letter shortcuts → a screen's events (blackjack: H hit, S stand, D double, P split). The
 * machine's guards decide whether an event applies; a key is ignored while typing, with a modifier,
 * on auto-repeat, while a modal covers the page, and while the player's shortcuts are off or a reality
 * check is on screen (machines/preferences).
 */
export function useKeyEvents<TEvent extends { type: string }>(actor: { send: (event: TEvent) => void }, keys: Readonly<Record<string, TEvent>>): void {
  const on = useGameKeysOn();
  useEffect(() => {
    if (!on) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.body.classList.contains('modal-open')) return;
      const mapped = keys[event.key.toLowerCase()];
      if (!mapped) return;
      event.preventDefault();
      actor.send(mapped);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actor, keys, on]);
}

/** True when a key press belongs to the focused control (typing, a button's own Space) rather than the page. */
function isOwnKeyOf(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName) || target.getAttribute('role') === 'slider';
}

/**
 * Space anywhere on a game screen → `onPress` (dice: a bet). Not while a field, button or slider has
 * focus (Space is theirs there), not with a modifier, not on auto-repeat, not while a modal is open,
 * and not while the player's shortcuts are off or a reality check is on screen.
 */
export function useSpaceKey(onPress: () => void): void {
  const latest = useRef(onPress);
  const on = useGameKeysOn();
  useEffect(() => {
    latest.current = onPress;
  });
  useEffect(() => {
    if (!on) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      if (event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isOwnKeyOf(event.target) || document.body.classList.contains('modal-open')) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [on]);
}

/**
 * Pointer on a circular SVG control → `onPosition(p)`, p in 0..100 clockwise from 12 o'clock
 * (the dice ring). Presses near the centre (inside `innerRatio` of the radius) are ignored; a press
 * on the ring captures the pointer so a drag keeps reporting until release.
 */
export function useRingPointer(ref: React.RefObject<SVGSVGElement | null>, onPosition: (position: number) => void, innerRatio = 0.55): void {
  const latest = useRef(onPosition);
  useEffect(() => {
    latest.current = onPosition;
  });
  useEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    let dragging: number | null = null;
    const positionOf = (event: PointerEvent): { position: number; radius: number } => {
      const box = svg.getBoundingClientRect();
      const dx = event.clientX - (box.left + box.width / 2);
      const dy = event.clientY - (box.top + box.height / 2);
      const degrees = (Math.atan2(dx, -dy) * 180) / Math.PI;
      return { position: (((degrees + 360) % 360) / 360) * 100, radius: Math.hypot(dx, dy) / (box.width / 2) };
    };
    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      const at = positionOf(event);
      if (at.radius < innerRatio) return;
      dragging = event.pointerId;
      svg.setPointerCapture?.(event.pointerId);
      event.preventDefault();
      latest.current(at.position);
    };
    const onMove = (event: PointerEvent) => {
      if (dragging !== event.pointerId) return;
      latest.current(positionOf(event).position);
    };
    const onUp = (event: PointerEvent) => {
      if (dragging !== event.pointerId) return;
      dragging = null;
      svg.releasePointerCapture?.(event.pointerId);
    };
    svg.addEventListener('pointerdown', onDown);
    svg.addEventListener('pointermove', onMove);
    svg.addEventListener('pointerup', onUp);
    svg.addEventListener('pointercancel', onUp);
    return () => {
      svg.removeEventListener('pointerdown', onDown);
      svg.removeEventListener('pointermove', onMove);
      svg.removeEventListener('pointerup', onUp);
      svg.removeEventListener('pointercancel', onUp);
    };
  }, [ref, innerRatio]);
}
