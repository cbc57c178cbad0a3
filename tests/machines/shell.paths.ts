import { expect } from 'vitest';
import { createActor } from 'xstate';
import { shellMachine } from '../../machines/shell/machine';
import type { ShellEvent } from '../../machines/shell/machine';
import { selectIsPhoneLayout, selectSidebarOpen } from '../../machines/shell/selectors';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The shell's paths: the sidebar open or closed for the screen's width (docs/product.md §9: open by
 * default only wider than 768 px, closed on a phone after each navigation) and the scroll to the
 * top 200 ms after the last navigation (§2). The reference below keeps both from the events alone.
 */

/** docs/product.md §9, written out so the oracle does not take the machine's constant for it. */
const BREAKPOINT_PX = 768;
const SCROLL_DELAY_MS = 200;
const wide = (width: number) => width > BREAKPOINT_PX;

const events = [
  { type: 'user.toggleSidebar' },
  { type: 'user.closeSidebar' },
  { type: 'router.navigated', pathname: '/dice' },
  { type: 'viewport.resized', width: 375 },
  { type: 'viewport.resized', width: BREAKPOINT_PX },
  { type: 'viewport.resized', width: 1280 },
  { type: 'xstate.after.scrollToTopDelay.shell.scroll.awaitingScroll' },
] as AnyEvent[];

interface ShellSut extends Sut {
  /** The clock times at which the main area was scrolled to the top. */
  scrolls: number[];
}

/** The sidebar and the scrolls a person should see after the performed events. */
function facts(world: World) {
  let width = (world.variant.input as { viewportWidth: number }).viewportWidth;
  let open = wide(width);
  let now = 0;
  let lastNavigation: number | null = null;
  const scrolls: number[] = [];
  for (const e of world.performed) {
    switch (e.type) {
      case 'user.toggleSidebar':
        open = !open;
        break;
      case 'user.closeSidebar':
        open = false;
        break;
      case 'router.navigated':
        if (!wide(width)) open = false;
        lastNavigation = now;
        break;
      case 'viewport.resized': {
        const next = e['width'] as number;
        if (wide(width) && !wide(next)) open = false;
        if (!wide(width) && wide(next)) open = true;
        width = next;
        break;
      }
      default:
        if (e.type.startsWith('xstate.after.')) {
          now += SCROLL_DELAY_MS;
          if (lastNavigation !== null && now - lastNavigation >= SCROLL_DELAY_MS) {
            scrolls.push(now);
            lastNavigation = null;
          }
        }
    }
  }
  return { width, open, scrolls, scrollPending: lastNavigation !== null };
}

const snap = (sut: ShellSut) => sut.snapshot() as Parameters<typeof selectSidebarOpen>[0];

export const shellPaths: PathSpec<ShellSut> = {
  name: 'shell',
  machine: shellMachine,
  // The start-up choice depends on the screen: a desktop, a phone, and exactly the breakpoint (closed).
  variants: [
    { name: 'desktop', input: { viewportWidth: 1280 }, events },
    // Before the phone: paths are kept only where they add coverage, and the boundary is the width that matters.
    { name: 'at 768 px', input: { viewportWidth: BREAKPOINT_PX }, events },
    { name: 'phone', input: { viewportWidth: 375 }, events },
  ],
  start(world) {
    const scrolls: number[] = [];
    const machine = shellMachine.provide({ actions: { scrollMainToTop: () => void scrolls.push(world.clock.now()) } });
    const actor = createActor(machine, { input: world.variant.input as { viewportWidth: number }, clock: world.clock }).start();
    return {
      scrolls,
      snapshot: () => actor.getSnapshot(),
      send: (e) => actor.send(e as ShellEvent),
      stop: () => void actor.stop(),
    };
  },
  states: {
    '#shell': {
      asserts: 'the phone layout is used at 768 px and below; the main area was scrolled to the top once per navigation burst, 200 ms after its last navigation',
      check(sut, world) {
        const f = facts(world);
        expect(selectIsPhoneLayout(snap(sut))).toBe(!wide(f.width));
        expect(sut.scrolls).toEqual(f.scrolls);
      },
    },
    '#shell.sidebar.open': {
      asserts: 'the sidebar shows: wide screens start with it open, the menu button opened it, or the window grew past 768 px',
      check(sut, world) {
        expect(facts(world).open).toBe(true);
        expect(selectSidebarOpen(snap(sut))).toBe(true);
      },
    },
    '#shell.sidebar.closed': {
      asserts: 'the sidebar is hidden: a phone starts so, the menu or close button hid it, a navigation on a phone, or the window shrank to 768 px or less',
      check(sut, world) {
        expect(facts(world).open).toBe(false);
        expect(selectSidebarOpen(snap(sut))).toBe(false);
      },
    },
    '#shell.scroll.settled': {
      asserts: 'no scroll is pending',
      check: (_sut, world) => expect(facts(world).scrollPending).toBe(false),
    },
    '#shell.scroll.awaitingScroll': {
      asserts: 'a navigation happened less than 200 ms ago and the scroll has not happened yet',
      check(sut, world) {
        expect(facts(world).scrollPending).toBe(true);
        expect(sut.scrolls).toEqual(facts(world).scrolls);
      },
    },
  },
};
