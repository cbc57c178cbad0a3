import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { modalStackMachine } from '../../machines/modalStack/machine';
import type { ModalName, ModalStackEvent } from '../../machines/modalStack/machine';
import { selectIsAnyModalOpen, selectIsModalOpen, selectModalStack, selectTopModal } from '../../machines/modalStack/selectors';
import { ada } from '../support/authFixtures';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The modal stack's paths: which modals are stacked, which is on top with which params, what Escape
 * or a click on the backdrop (user.closeTopModal) closes, and the page body marked modal-open
 * exactly while one shows. The reference stack is kept from the performed events alone.
 */

const events = [
  { type: 'user.openModal', name: 'Auth', params: { tab: 'login' } },
  { type: 'user.openModal', name: 'Seed' },
  { type: 'app.openModal', name: 'Cashier', params: { currency: 'BTC' } },
  { type: 'app.openModal', name: 'Auth', params: { tab: 'register' } },
  { type: 'user.closeTopModal' },
  { type: 'user.closeModalAt', index: 0 },
  { type: 'user.closeModalAt', index: 1 },
  { type: 'user.closeModalAt', index: 3 },
  { type: 'app.closeModal', name: 'Auth' },
  { type: 'app.closeModal', name: 'Seed' },
  { type: 'auth.loggedIn', user: ada, tokens: { accessToken: 'a', refreshToken: 'r' } },
] as AnyEvent[];

interface ModalSut extends Sut {
  page: { modalOpen: boolean; marks: number; unmarks: number };
}

interface Entry {
  key: number;
  name: ModalName;
  params: Record<string, unknown>;
}

/** The stack a person should see after the performed events, and how often the page was marked. */
function facts(world: World) {
  let stack: Entry[] = [];
  let nextKey = 1;
  let marks = 0;
  let unmarks = 0;
  for (const e of world.performed) {
    const before = stack.length;
    switch (e.type) {
      case 'user.openModal':
      case 'app.openModal': {
        const name = e['name'] as ModalName;
        stack = [...stack.filter((m) => m.name !== name), { key: nextKey, name, params: (e['params'] as Record<string, unknown>) ?? {} }];
        nextKey += 1;
        break;
      }
      case 'user.closeTopModal':
        stack = stack.slice(0, -1);
        break;
      case 'user.closeModalAt': {
        const index = e['index'] as number;
        stack = stack.filter((_, i) => i !== index);
        break;
      }
      case 'app.closeModal':
        stack = stack.filter((m) => m.name !== e['name']);
        break;
      case 'auth.loggedIn':
        stack = stack.filter((m) => m.name !== 'Auth');
        break;
    }
    if (before === 0 && stack.length > 0) marks += 1;
    if (before > 0 && stack.length === 0) unmarks += 1;
  }
  return { stack, marks, unmarks };
}

const snap = (sut: ModalSut) => sut.snapshot() as Parameters<typeof selectModalStack>[0];
const NAMES: ModalName[] = ['Auth', 'Cashier', 'Seed'];

export const modalStackPaths: PathSpec<ModalSut> = {
  name: 'modalStack',
  machine: modalStackMachine,
  variants: [
    {
      name: 'modals',
      events,
      // Keys only grow; the vertices are which modals are stacked, in order, with their params.
      serializeState: (s: AnyMachineSnapshot) =>
        JSON.stringify([s.value, (s.context as { stack: Entry[] }).stack.map((m) => [m.name, m.params])]),
    },
  ],
  start() {
    const page = { modalOpen: false, marks: 0, unmarks: 0 };
    const machine = modalStackMachine.provide({
      actions: {
        markPageModalOpen: () => {
          page.modalOpen = true;
          page.marks += 1;
        },
        unmarkPageModalOpen: () => {
          page.modalOpen = false;
          page.unmarks += 1;
        },
      },
    });
    const actor = createActor(machine).start();
    return { page, snapshot: () => actor.getSnapshot(), send: (e) => actor.send(e as ModalStackEvent), stop: () => void actor.stop() };
  },
  states: {
    '#modalStack': {
      asserts: 'the stacked modals are those opened and not closed since, in opening order (one entry per name, a reopened one on top with its new params and a new key); the page body was marked modal-open once per first modal and unmarked once per last one closed',
      check(sut, world) {
        const f = facts(world);
        expect(selectModalStack(snap(sut))).toEqual(f.stack);
        for (const name of NAMES) expect(selectIsModalOpen(name)(snap(sut)), name).toBe(f.stack.some((m) => m.name === name));
        expect(sut.page.marks).toBe(f.marks);
        expect(sut.page.unmarks).toBe(f.unmarks);
      },
    },
    '#modalStack.closed': {
      asserts: 'no modal shows and the page body is not marked modal-open',
      check(sut, world) {
        expect(facts(world).stack).toEqual([]);
        expect(selectIsAnyModalOpen(snap(sut))).toBe(false);
        expect(selectTopModal(snap(sut))).toBeUndefined();
        expect(sut.page.modalOpen).toBe(false);
      },
    },
    '#modalStack.open': {
      asserts: 'the last modal opened and not closed is on top (Escape or the backdrop closes it); the page body is marked modal-open',
      check(sut, world) {
        const f = facts(world);
        expect(f.stack.length).toBeGreaterThan(0);
        expect(selectIsAnyModalOpen(snap(sut))).toBe(true);
        expect(selectTopModal(snap(sut))).toEqual(f.stack.at(-1));
        expect(sut.page.modalOpen).toBe(true);
      },
    },
  },
};
