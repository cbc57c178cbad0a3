import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { modalStackMachine } from '../../machines/modalStack/machine';
import { selectIsAnyModalOpen, selectModalStack, selectTopModal } from '../../machines/modalStack/selectors';
import { pathSuite } from '../support/pathTesting';
import { modalStackPaths } from './modalStack.paths';

function withFakePage() {
  const page = { modalOpen: false, marks: 0 };
  const machine = modalStackMachine.provide({
    actions: {
      markPageModalOpen: () => {
        page.modalOpen = true;
        page.marks += 1;
      },
      unmarkPageModalOpen: () => {
        page.modalOpen = false;
      },
    },
  });
  return { page, machine };
}

describe('modal stack', () => {
  it('should stack modals in the order they were opened and close the top one first', () => {
    const { page, machine } = withFakePage();
    const actor = createActor(machine).start();
    actor.send({ type: 'user.openModal', name: 'Cashier' });
    actor.send({ type: 'user.openModal', name: 'Auth', params: { tab: 'register' } });
    expect(actor.getSnapshot().context.stack.map((m) => m.name)).toEqual(['Cashier', 'Auth']);
    expect(selectTopModal(actor.getSnapshot())?.params).toEqual({ tab: 'register' });
    expect(page.modalOpen).toBe(true);

    actor.send({ type: 'user.closeTopModal' });
    expect(actor.getSnapshot().context.stack.map((m) => m.name)).toEqual(['Cashier']);
    expect(page.modalOpen).toBe(true);

    actor.send({ type: 'user.closeTopModal' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(page.modalOpen).toBe(false);
  });

  it('should close a modal at an index and leave the others in order', () => {
    const { machine } = withFakePage();
    const actor = createActor(machine).start();
    for (const name of ['Seed', 'Auth', 'Cashier'] as const) actor.send({ type: 'user.openModal', name });
    actor.send({ type: 'user.closeModalAt', index: 1 });
    expect(actor.getSnapshot().context.stack.map((m) => m.name)).toEqual(['Seed', 'Cashier']);
    // The bottom one of several, too.
    actor.send({ type: 'user.closeModalAt', index: 0 });
    expect(actor.getSnapshot().context.stack.map((m) => m.name)).toEqual(['Cashier']);
  });

  it('should ignore an index outside the stack', () => {
    const { machine } = withFakePage();
    const actor = createActor(machine).start();
    actor.send({ type: 'user.openModal', name: 'Seed' });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'user.closeModalAt', index: 3 });
    actor.send({ type: 'user.closeModalAt', index: -1 });
    expect(actor.getSnapshot().context).toBe(before);
  });

  it('should bring a modal opened again to the top with its new params instead of duplicating it', () => {
    const { machine } = withFakePage();
    const actor = createActor(machine).start();
    actor.send({ type: 'user.openModal', name: 'Auth', params: { tab: 'login' } });
    actor.send({ type: 'user.openModal', name: 'Seed' });
    actor.send({ type: 'app.openModal', name: 'Auth', params: { tab: 'register' } });
    const stack = actor.getSnapshot().context.stack;
    expect(stack.map((m) => m.name)).toEqual(['Seed', 'Auth']);
    expect(stack[1]?.params).toEqual({ tab: 'register' });
  });

  it('should close a named modal when another actor asks, wherever it is in the stack', () => {
    const { page, machine } = withFakePage();
    const actor = createActor(machine).start();
    actor.send({ type: 'user.openModal', name: 'Auth' });
    actor.send({ type: 'user.openModal', name: 'Cashier' });
    actor.send({ type: 'app.closeModal', name: 'Auth' });
    expect(actor.getSnapshot().context.stack.map((m) => m.name)).toEqual(['Cashier']);
    actor.send({ type: 'app.closeModal', name: 'Cashier' });
    expect(selectIsAnyModalOpen(actor.getSnapshot())).toBe(false);
    expect(page.modalOpen).toBe(false);
  });

  it('should close the Auth modal when the player logs in, and leave the others', () => {
    const { page, machine } = withFakePage();
    const actor = createActor(machine).start();
    const loggedIn = {
      type: 'auth.loggedIn' as const,
      user: { id: 1, userName: 'ada', dateJoined: '2024-01-01', email: 'ada@example.com', emailConfirmed: true, tfaEnabled: false },
      tokens: { accessToken: 'a', refreshToken: 'r' },
    };
    actor.send({ type: 'user.openModal', name: 'Seed' });
    actor.send({ type: 'user.openModal', name: 'Auth' });
    actor.send(loggedIn);
    expect(actor.getSnapshot().context.stack.map((m) => m.name)).toEqual(['Seed']);
    actor.send({ type: 'user.closeTopModal' });
    actor.send({ type: 'user.openModal', name: 'Auth' });
    actor.send(loggedIn);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(page.modalOpen).toBe(false);
  });

  it('should stack every modal of docs/product.md and close them top first, one Escape each', () => {
    const { page, machine } = withFakePage();
    const actor = createActor(machine).start();
    // docs/product.md's modals, written out here so the test does not take the machine's list for it.
    const product = ['Auth', 'Cashier', 'Seed', 'AddLiquidity', 'RemoveLiquidity', 'LockTokens', 'UnlockTokens'] as const;
    for (const name of product) {
      actor.send({ type: 'user.openModal', name, params: { from: name } });
      expect(selectTopModal(actor.getSnapshot())).toMatchObject({ name, params: { from: name } });
    }
    expect(selectModalStack(actor.getSnapshot()).map((m) => m.name)).toEqual(product);
    for (const name of [...product].reverse()) {
      expect(selectTopModal(actor.getSnapshot())?.name).toBe(name);
      actor.send({ type: 'user.closeTopModal' });
    }
    expect(selectIsAnyModalOpen(actor.getSnapshot())).toBe(false);
    expect(page).toEqual({ modalOpen: false, marks: 1 });
  });
});

pathSuite(modalStackPaths);
