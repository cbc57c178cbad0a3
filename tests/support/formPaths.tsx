import { act, render, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ActorSystem, AnyActorRef, AnyMachineSnapshot, InspectionEvent, SimulatedClock } from 'xstate';
import { App } from '../../src/app/App';
import { createTestHistory } from '../../src/app/router';
import type { User } from '../../src/core/accounts/session';
import { liveToken } from './authFixtures';
import { fakeApi, memoryStorage } from './fakeApi';
import { fakeHub, paintedAtOnce } from './fakeHub';
import type { FakeHub } from './fakeHub';
import type { RecordedCall, Reply, Route } from './fakeApi';
import { click, PendingRoutes, typeInto } from './screenPaths';
import type { AnyEvent, Sut, World } from './pathTesting';

/**
 * The account forms' screens driven by path specs (tests/components/<form>.paths.test.tsx), on top
 * of the shared harness (tests/support/screenPaths.tsx: pending routes, clicking and typing): the App
 * is rendered at the form's route with the fake API, and every request the form makes stays pending
 * until the path answers it with a reply the route's contract allows (a 200 body, a 4xx refusal with
 * the failure the step names, or no response at all). What differs from the games: a form's screen
 * actor may end at once (an incomplete link) and leave the system, the oracles read the stored user,
 * and a failure step carries the refusal it stands for.
 */

/** What the background of every screen reads (rates, wallets, the bets feed, the seed), answered at once. */
export const BACKGROUND_READS: Record<string, unknown> = {
  '/payments/get-exchange-rates': [{ symbol: 'BTC', exchangeRate: 95_000 }],
  '/wallet/get-wallets': [{ currencySymbol: 'BTC', balance: 0 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-seed': { mode: 'classic', seedHash: 'a'.repeat(64), nextHash: 'b'.repeat(64), nonce: 0, clientSeed: 'c'.repeat(20) },
  // The account page's Sessions card.
  '/auth/get-sessions': { sessions: [] },
};

export const signedInStorage = (user: User) =>
  memoryStorage({ authToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: JSON.stringify(user) });

/** The user the app keeps in storage (what it shows after a reload). */
export const storedUser = (sut: FormSut): User | null => JSON.parse(sut.storage.getItem('user') ?? 'null') as User | null;

/**
 * How a request failed, as a path's `xstate.error.actor.<id>` event carries it: the model computes
 * the machine's next state from it, and the harness turns it into the reply that leads there.
 * `status` absent: the casino could not be reached.
 */
export interface Failure {
  status?: number;
  error?: string;
  message?: string;
  retryAfter?: number;
}

export const refusal = (status: number, error: string, message: string, retryAfter?: number): Failure => ({
  status,
  error,
  message,
  ...(retryAfter === undefined ? {} : { retryAfter }),
});
export const unreachable: Failure = { message: 'Failed to fetch' };

export const replyFor = (failure: Failure): Reply =>
  failure.status === undefined
    ? 'no response'
    : {
        status: failure.status,
        body: { error: failure.error ?? 'error', message: failure.message ?? '' },
        ...(failure.retryAfter === undefined ? {} : { headers: { 'retry-after': String(failure.retryAfter) } }),
      };

export interface FormSut extends Sut {
  /** The app's actor system: the app-wide actors by systemId, for the events no control of the form causes. */
  system: ActorSystem<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  requests: PendingRoutes;
  /** The live hub the app connects to: the path plays the server with it. */
  hub: FakeHub;
  calls: RecordedCall[];
  storage: Storage;
  /** The calls made to one API path, in order. */
  callsTo(path: string): RecordedCall[];
}

/** Lets the fake API's promises, the app's actors and React's renders run to rest. */
export const flush = (ticks = 4) =>
  act(async () => {
    for (let i = 0; i < ticks; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });

/**
 * Renders the App at `url` and finds the screen's actor (`screenId`, its systemId) in the app's
 * actor system; the paths listed in `held` stay pending until the path answers them.
 */
export async function renderForm(options: {
  url: string;
  screenId: string;
  storage?: Storage;
  held: readonly string[];
  routes?: Record<string, Route>;
  /** The path's clock: every delay of the app waits for the path to advance it. */
  clock: SimulatedClock;
  /** When the page opens, in ms (default: now); the stored tokens' expiry is read against it. */
  now?: number;
}): Promise<FormSut> {
  const requests = new PendingRoutes();
  const api = fakeApi({ ...options.routes, ...requests.routes(options.held) }, BACKGROUND_READS);
  const storage = options.storage ?? memoryStorage();
  const hub = fakeHub();
  // The screen's actor, as the app spawns it in its system (a form that ends at once, such as an
  // incomplete link, has already left the system when the page shows it).
  const spawned: AnyActorRef[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') spawned.push(event.actorRef as AnyActorRef);
  };
  let actor: AnyActorRef | undefined;
  // The app's time starts now, as the browser's would, and moves only when the path advances it.
  options.clock.set(options.now ?? Date.now());
  render(
    <App
      history={createTestHistory(options.url)}
      viewportWidth={1280}
      inspect={inspect}
      dependencies={{ fetch: api.fetch, storage, apiBase: '/api', hub: hub.connect, firstPaint: paintedAtOnce, clock: options.clock }}
    />,
  );
  await waitFor(
    () => {
      actor = spawned.findLast((ref) => (ref as { systemId?: string }).systemId === options.screenId);
      expect(actor, `the ${options.screenId} screen is open`).toBeDefined();
    },
    { timeout: 10_000 },
  );
  await flush();
  return {
    system: actor!.system,
    requests,
    hub,
    calls: api.calls,
    storage,
    callsTo: (path) => api.calls.filter((call) => call.path === path),
    snapshot: () => actor!.getSnapshot() as AnyMachineSnapshot,
    send(event) {
      throw new Error(`${event.type}: give the spec a performer that does what a person does`);
    },
  };
}

/**
 * After a step, waits (as a person would, briefly) until the screen has taken it: the live state is
 * the one the path reached. If it never gets there the harness's state check says so.
 */
export async function settleForm(sut: Sut, world: World): Promise<void> {
  await flush();
  try {
    await waitFor(() => expect(sut.snapshot().value).toEqual(world.expected.value), { timeout: 2000, interval: 5 });
  } catch {
    // The path's own check reports the difference.
  }
  await flush(1);
}

/** Performers for a request actor's done and error events: the path answers the pending request. */
export function answers(
  actorId: string,
  path: string | ((world: World) => string),
  replies: { done: (event: AnyEvent) => Reply },
): Record<string, (sut: FormSut, event: AnyEvent, world: World) => Promise<void>> {
  const pathOf = (world: World) => (typeof path === 'string' ? path : path(world));
  return {
    [`xstate.done.actor.${actorId}`]: async (sut, event, world) => {
      await act(async () => sut.requests.answer(pathOf(world), replies.done(event)));
      await settleForm(sut, world);
    },
    [`xstate.error.actor.${actorId}`]: async (sut, event, world) => {
      await act(async () => sut.requests.answer(pathOf(world), replyFor(event['error'] as Failure)));
      await settleForm(sut, world);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What a person does and sees.

/** Types each value into the field with that label, in order, as a person fills a form. */
export async function fillIn(scope: HTMLElement, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await typeInto(within(scope).getByLabelText(label), value);
}

export { click };

/**
 * What a field says about its value, as assistive technology reads it (the text its
 * aria-describedby points at, without what is aria-hidden): 'Required', a message, or ''.
 */
export function fieldVerdict(scope: HTMLElement, label: string): string {
  const input = within(scope).getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => {
      const described = document.getElementById(id)?.cloneNode(true) as HTMLElement | undefined;
      described?.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return described?.textContent?.trim() ?? '';
    })
    .join(' ');
}

/** The text of the alert / status in a scope, or null when there is none. */
export const alertText = (scope: HTMLElement): string | null => within(scope).queryByRole('alert')?.textContent ?? null;
export const statusText = (scope: HTMLElement): string | null => within(scope).queryByRole('status')?.textContent ?? null;

/**
 * The page's main landmark, where every screen of these specs is drawn: queries by role and name
 * run within it (the header and menus around it make whole-document role queries slow in jsdom).
 */
export const page = () => within(document.querySelector('main')!);
export const formNamed = (name: string) => page().getByRole('form', { name });
export const queryFormNamed = (name: string) => page().queryByRole('form', { name });

/** The pending request to `path` has exactly this body. */
export const expectWaiting = (sut: FormSut, path: string, body: Record<string, unknown>) =>
  expect(sut.requests.waiting(path)?.body, `a ${path} request is waiting with the body the person typed`).toEqual(body);
export const expectNotWaiting = (sut: FormSut, ...paths: string[]) => {
  for (const path of paths) expect(sut.requests.waiting(path), `no ${path} request is waiting`).toBeUndefined();
};
