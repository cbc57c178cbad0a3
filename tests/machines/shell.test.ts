import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { shellMachine } from '../../machines/shell/machine';
import { selectSidebarOpen } from '../../machines/shell/selectors';
import { pathSuite } from '../support/pathTesting';
import { shellPaths } from './shell.paths';

function withFakeScroll() {
  const scrolls: number[] = [];
  const clock = new SimulatedClock();
  const machine = shellMachine.provide({ actions: { scrollMainToTop: () => scrolls.push(clock.now()) } });
  return { scrolls, clock, machine };
}

describe('shell', () => {
  it('should open the sidebar by default only on screens wider than 768 px', () => {
    const { machine } = withFakeScroll();
    expect(selectSidebarOpen(createActor(machine, { input: { viewportWidth: 1280 } }).start().getSnapshot())).toBe(true);
    expect(selectSidebarOpen(createActor(machine, { input: { viewportWidth: 768 } }).start().getSnapshot())).toBe(false);
    expect(selectSidebarOpen(createActor(machine, { input: { viewportWidth: 375 } }).start().getSnapshot())).toBe(false);
  });

  it('should close the sidebar on navigation on a phone but keep it open on a desktop', () => {
    const { machine } = withFakeScroll();
    const phone = createActor(machine, { input: { viewportWidth: 375 } }).start();
    phone.send({ type: 'user.toggleSidebar' });
    expect(selectSidebarOpen(phone.getSnapshot())).toBe(true);
    phone.send({ type: 'router.navigated', pathname: '/dice' });
    expect(selectSidebarOpen(phone.getSnapshot())).toBe(false);

    const desktop = createActor(machine, { input: { viewportWidth: 1440 } }).start();
    desktop.send({ type: 'router.navigated', pathname: '/dice' });
    expect(selectSidebarOpen(desktop.getSnapshot())).toBe(true);
  });

  it('should scroll the main area to the top 200 ms after the last navigation', () => {
    const { machine, clock, scrolls } = withFakeScroll();
    const actor = createActor(machine, { input: { viewportWidth: 1440 }, clock }).start();
    actor.send({ type: 'router.navigated', pathname: '/dice' });
    clock.increment(150);
    actor.send({ type: 'router.navigated', pathname: '/mines' });
    clock.increment(199);
    expect(scrolls).toEqual([]);
    clock.increment(1);
    expect(scrolls).toEqual([350]);
  });

  it('should follow the breakpoint when the window is resized across it', () => {
    const { machine } = withFakeScroll();
    const actor = createActor(machine, { input: { viewportWidth: 1024 } }).start();
    actor.send({ type: 'viewport.resized', width: 700 });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'viewport.resized', width: 1000 });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
  });

  it('should leave the sidebar as the person set it when a resize stays on the same side of 768 px', () => {
    const { machine } = withFakeScroll();
    const phone = createActor(machine, { input: { viewportWidth: 375 } }).start();
    phone.send({ type: 'user.toggleSidebar' });
    phone.send({ type: 'viewport.resized', width: 414 });
    expect(selectSidebarOpen(phone.getSnapshot())).toBe(true);
    const desktop = createActor(machine, { input: { viewportWidth: 1280 } }).start();
    desktop.send({ type: 'user.toggleSidebar' });
    desktop.send({ type: 'viewport.resized', width: 1440 });
    expect(selectSidebarOpen(desktop.getSnapshot())).toBe(false);
  });

  it('should keep the sidebar open on navigation after a phone opened it and then grew wider than 768 px', () => {
    const { machine } = withFakeScroll();
    const actor = createActor(machine, { input: { viewportWidth: 375 } }).start();
    actor.send({ type: 'user.toggleSidebar' });
    // Turned or resized to a desktop width while the menu is open: it stays open, and from now on
    // it sits beside the main area, so a navigation no longer closes it.
    actor.send({ type: 'viewport.resized', width: 1024 });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'router.navigated', pathname: '/dice' });
    expect(selectSidebarOpen(actor.getSnapshot())).toBe(true);
  });
});

pathSuite(shellPaths);
