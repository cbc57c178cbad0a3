import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ActorSystem, AnyActorRef, AnyMachineSnapshot, InspectionEvent, SimulatedClock } from 'xstate';
import { App } from '../../src/app/App';
import type { AppDependencies } from '../../src/app/actors/appLogic';
import { createTestHistory } from '../../src/app/router';
import { ada, liveToken, NOW } from './authFixtures';
import { fakeApi, memoryStorage } from './fakeApi';
import { fakeHub, paintedAtOnce } from './fakeHub';
import type { Reply, Route } from './fakeApi';
import { refusalBody } from './games';
import { settle } from './pathTesting';
import type { AnyEvent, Oracle, Sut, World } from './pathTesting';

/**
 * The component harness of the UI path specs (the games' and the account forms' screens): a path
 * generated from a screen's chart drives the rendered App as a person would (click, type, key),
 * the requests it makes stay pending until the path answers them through the fake API, and the
 * oracles read the screen with testing-library queries. `sut.snapshot()` is the screen actor's live
 * snapshot, read only by the harness's check that the screen is in the state the path reached.
 */

/** A request the screen made that waits for the path's answer. */
export interface PendingRequest {
  path: string;
  body: Record<string, unknown>;
  query: URLSearchParams;
}

/**
 * Routes whose requests stay pending until the path answers them: a `done` or `error` step of an
 * invoked actor resolves the request it made with the reply that leads to that outcome. Answering
 * a request the screen never made fails the path, as FakeEffects does for the machine specs.
 */
export class PendingRoutes {
  private readonly pending: Array<PendingRequest & { reply: (reply: Reply) => void }> = [];
  /** Every request of these routes, answered or not, in order. */
  readonly requests: PendingRequest[] = [];

  route(path: string): Route {
    return (body, query) =>
      new Promise<Reply>((resolve) => {
        const request = { path, body, query };
        this.requests.push(request);
        this.pending.push({ ...request, reply: resolve });
      });
  }

  routes(paths: readonly string[]): Record<string, Route> {
    return Object.fromEntries(paths.map((path) => [path, this.route(path)]));
  }

  /** The newest request of `path` still waiting for an answer, if any. */
  waiting(path: string): PendingRequest | undefined {
    const call = [...this.pending].reverse().find((p) => p.path === path);
    return call && { path: call.path, body: call.body, query: call.query };
  }

  /**
   * Every request of `path` still without an answer, oldest first. A request whose actor the screen
   * stopped (a new currency while the limits load) stays here: fetch is not aborted, its answer is ignored.
   */
  pendingOf(path: string): PendingRequest[] {
    return this.pending.filter((p) => p.path === path).map(({ reply: _reply, ...request }) => request);
  }

  requestsOf(path: string): PendingRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  answer(path: string, reply: Reply): void {
    const index = this.pending.map((p) => p.path).lastIndexOf(path);
    if (index < 0) throw new Error(`no ${path} request is waiting for an answer: the screen never made it`);
    const [call] = this.pending.splice(index, 1);
    call!.reply(reply);
  }
}

export interface ScreenSut extends Sut {
  /** The app's actor system: the screen actor and the app-wide actors (wallet, auth, modals) by systemId. */
  system: ActorSystem<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  requests: PendingRoutes;
  /** The live hub the App connects to: a path can push a settled bet or a deposit through it. */
  hub: ReturnType<typeof fakeHub>;
  /** Every call the fake API received besides the background reads. */
  calls: ReturnType<typeof fakeApi>['calls'];
}

export interface ScreenOptions {
  /** The route the screen lives at ('/mines'). */
  route: string;
  /** The screen actor's systemId in the app's actor system ('mines'). */
  systemId: string;
  signedIn: boolean;
  /** Further stored values (the selected currency, the display preferences). */
  storage?: Record<string, string>;
  /** Reads answered at once with a fixed body (rates, wallets, the bets feed). */
  background: Record<string, unknown>;
  /** Routes whose requests wait for the path's answer. */
  pending: readonly string[];
  /** Routes answered at once. */
  routes?: Record<string, Route>;
  /** What must be on screen before the path's first step (default: the screen actor exists). */
  ready?: (sut: ScreenSut) => void;
  /** The path's clock: every delay of the App runs on it, and an `xstate.after` step advances it. */
  clock: SimulatedClock;
  /** Further dependencies of the App. */
  dependencies?: Partial<AppDependencies>;
}

const SIGNED_IN = { authToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: JSON.stringify(ada) };

/** Lets fetches, actors and React settle, inside act so every render is flushed before an oracle reads the screen. */
export const settleScreen = () => act(async () => {
  await settle();
  await settle();
});

/** Renders the App at the screen's route with the fake API, and waits until the screen is there. */
export async function renderScreen(options: ScreenOptions): Promise<ScreenSut> {
  const requests = new PendingRoutes();
  const api = fakeApi({ ...options.routes, ...requests.routes(options.pending) }, options.background);
  let root: AnyActorRef | null = null;
  const inspect = (event: InspectionEvent) => {
    // The first inspection event comes from the root actor, the app: its system holds every actor.
    root ??= event.actorRef as AnyActorRef;
  };
  const storage = memoryStorage({ ...(options.signedIn ? SIGNED_IN : {}), ...options.storage });
  const hub = fakeHub();
  // The session's tokens are checked against the clock: it starts at the fixtures' now.
  if (options.clock.now() < NOW * 1000) options.clock.set(NOW * 1000);
  render(
    <App
      history={createTestHistory(options.route)}
      viewportWidth={1280}
      inspect={inspect}
      dependencies={{ fetch: api.fetch, storage, apiBase: '/api', hub: hub.connect, firstPaint: paintedAtOnce, clock: options.clock, ...options.dependencies }}
    />,
  );
  const system = () => {
    if (!root) throw new Error('the App did not start its actor system');
    return root.system as ActorSystem<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const actor = () => {
    const found = system().get(options.systemId) as AnyActorRef | undefined;
    if (!found) throw new Error(`no ${options.systemId} actor in the app's system: the screen is not open`);
    return found;
  };
  const sut: ScreenSut = {
    get system() {
      return system();
    },
    requests,
    hub,
    calls: api.calls,
    snapshot: () => actor().getSnapshot() as AnyMachineSnapshot,
    // An event no control on the screen causes is sent as the app's actors send it: to the screen actor by its systemId.
    send: async (event) => {
      await act(async () => void actor().send(event));
    },
    stop: () => cleanup(),
  };
  // The lazy route, the session read and the wallets load before the first step.
  for (let i = 0; i < 50; i += 1) {
    await settleScreen();
    try {
      actor();
      options.ready?.(sut);
      return sut;
    } catch (notYet) {
      if (i === 49) throw notYet;
    }
  }
  return sut;
}

/** The performer of an `xstate.after` step: the path's clock moves on by the delay, and the screen renders. */
export const advanceClock =
  (ms: number) =>
  async (_sut: Sut, _event: AnyEvent, world: World): Promise<void> => {
    await act(async () => void world.clock.increment(ms));
    await settleScreen();
  };

// ---------------------------------------------------------------------------------------------
// Doing what a person does.

/** Clicks an element as a person would, and lets the screen take it. */
export async function click(element: HTMLElement): Promise<void> {
  expect((element as HTMLButtonElement).disabled, `${element.getAttribute('aria-label') ?? element.textContent} can be clicked`).not.toBe(true);
  await act(async () => void fireEvent.click(element));
  await settleScreen();
}

/** Replaces the text of a field as a person typing would (one change event with the new value). */
export async function typeInto(element: HTMLElement, text: string): Promise<void> {
  const field = element as HTMLInputElement;
  expect(field.disabled, `${element.getAttribute('aria-label') ?? 'the field'} can be typed in`).not.toBe(true);
  // Typing the text the field already holds is still a change for the person (select all, type):
  // React only reports a value it has not seen, so the field is first cleared as React sees it.
  if (field.value === text) field.value = text === '' ? ' ' : '';
  await act(async () => void fireEvent.change(element, { target: { value: text } }));
  await settleScreen();
}

/** Presses a key on an element (keydown, then keyup). */
export async function press(element: HTMLElement, key: string): Promise<void> {
  await act(async () => {
    fireEvent.keyDown(element, { key });
    fireEvent.keyUp(element, { key });
  });
  await settleScreen();
}

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const queryButton = (name: string | RegExp) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

/** The text of the screen's alerts that say something (an empty live region says nothing). */
export const alerts = () =>
  screen
    .queryAllByRole('alert')
    .map((a) => a.textContent ?? '')
    .filter((text) => text !== '');

// ---------------------------------------------------------------------------------------------
// Answering the screen's requests.

type Output = Record<string, unknown> | null | undefined;

export const ok = (body: unknown): Reply => ({ status: 200, body });

/**
 * How the fake server answers a request so that the screen's actor ends with the outcome a path
 * step names. `reply` turns the step's output into the reply the route's contract allows; the
 * default reads a game's BetOutcome: answered → 200 with its answer, refused → 409 with a refusal
 * body in the server's words, unanswered → no response.
 */
export interface Answer {
  /** The route the invoked actor requests. */
  path: string;
  reply?: (output: Output) => Reply;
  /** The reply that makes the actor fail (default: no response, as when the network is down). */
  failure?: Reply;
}

export function outcomeReply(output: Output): Reply {
  const outcome = output as { kind?: string; answer?: unknown; message?: string } | null;
  if (outcome?.kind === 'answered') return ok(outcome.answer);
  if (outcome?.kind === 'refused') return { status: 409, body: refusalBody(outcome.message ?? '') };
  if (outcome?.kind === 'unanswered') return 'no response';
  throw new Error(`give the answer of this route a reply for ${JSON.stringify(output)}`);
}

/**
 * The performers of the done and error steps of a screen's invoked actors, keyed by invoke id: each
 * answers the pending request the actor made.
 */
export function answerPerformers<S extends ScreenSut>(answers: Record<string, Answer>) {
  const perform: Record<string, (sut: S, event: AnyEvent, world: World) => Promise<void>> = {};
  for (const [id, answer] of Object.entries(answers)) {
    perform[`xstate.done.actor.${id}`] = async (sut, event) => {
      const reply = (answer.reply ?? outcomeReply)(event['output'] as Output);
      await act(async () => sut.requests.answer(answer.path, reply));
      await settleScreen();
    };
    perform[`xstate.error.actor.${id}`] = async (sut) => {
      await act(async () => sut.requests.answer(answer.path, answer.failure ?? 'no response'));
      await settleScreen();
    };
  }
  return perform;
}

// ---------------------------------------------------------------------------------------------
// What the game screens' specs share (dice, mines, baccarat, blackjack).

/** No limits request for `currency` is waiting (one for a currency left behind may be: its answer is ignored). */
export const noLimitsWaitingFor = (sut: ScreenSut, currency: string) =>
  expect(sut.requests.pendingOf('/casino/get-limits').filter((r) => r.query.get('currency') === currency), `no ${currency} limits request is waiting`).toEqual([]);

/**
 * A `wallet.changed` step as the App causes it: another currency picked in the header's balance
 * menu (a player's), or through the wallet actor (a visitor's header has no menu); a new balance of
 * the selected currency reaches the wallet as a settled game's does.
 */
export async function changeWallet(sut: ScreenSut, event: AnyEvent): Promise<void> {
  const next = event['wallet'] as { currency: string; balance: number };
  const walletActor = sut.system.get('wallet');
  const selected = (walletActor.getSnapshot().context as { selected: string }).selected;
  const row = document.querySelector<HTMLElement>(`#balance-menu button[data-currency="${next.currency}"]`);
  if (next.currency !== selected && row) return click(row);
  await act(async () => {
    if (next.currency !== selected) walletActor.send({ type: 'user.selectCurrency', symbol: next.currency });
    else walletActor.send({ type: 'game.balanceUpdated', currency: next.currency, balance: next.balance });
  });
  await settleScreen();
}

/**
 * The login dialog is open exactly when a visitor pressed Bet, on its Log in tab. The modal host's
 * dialogs are found by their attributes: a role query over the whole App costs seconds, and a
 * game's own popup may be a dialog too (not a modal one).
 */
export function expectLoginDialog(open: boolean): void {
  const dialog = document.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"]');
  expect(dialog !== null, 'the login dialog is open').toBe(open);
  if (dialog) expect(within(dialog).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
}

/** An element's text as a screen reader reads it: what is inside `aria-hidden` (a coin badge, a glyph) left out. */
export function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

/**
 * What a game screen's App reads in the background, answered at once: no dollar rates (amounts stay
 * in coins), the player's wallets, an empty bets table and a seed pair.
 */
export const gameScreenBackground = (wallets: unknown): Record<string, unknown> => ({
  '/payments/get-exchange-rates': [],
  '/wallet/get-wallets': wallets,
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-seed': { mode: 'classic', seedHash: 'a'.repeat(64), nextHash: 'b'.repeat(64), nonce: 0, clientSeed: 'c'.repeat(20) },
});

type LimitsState = 'loading' | 'known' | 'notBettable' | 'unavailable';

/**
 * The oracles of a game screen's limits region (machines/shared/limits.ts, the same in every game):
 * which limits request is waiting, and ACC never asked for. `more` adds, per state, what the screen
 * itself shows there (dice's max payout, baccarat's chips, mines' Bet button).
 */
export function limitsOracles<S extends ScreenSut>(
  game: string,
  currencyOf: (world: World) => string,
  more: Partial<Record<LimitsState, Oracle<S>>> = {},
): Record<string, Oracle<S>> {
  const base: Record<LimitsState, Oracle<S>> = {
    loading: {
      asserts: `a limits request for ${game} in the selected currency is waiting`,
      check(sut, world) {
        const query = sut.requests.waiting('/casino/get-limits')?.query;
        expect(query && Object.fromEntries(query)).toEqual({ game, currency: currencyOf(world) });
      },
    },
    known: {
      asserts: 'no limits request for the selected currency is waiting; the selected currency is not ACC',
      check(sut, world) {
        noLimitsWaitingFor(sut, currencyOf(world));
        expect(currencyOf(world)).not.toBe('ACC');
      },
    },
    notBettable: {
      asserts: 'ACC is selected and its limits were never asked for',
      check(sut, world) {
        expect(currencyOf(world)).toBe('ACC');
        expect(sut.requests.requestsOf('/casino/get-limits').filter((r) => r.query.get('currency') === 'ACC')).toEqual([]);
      },
    },
    unavailable: {
      asserts: 'the limits request failed and none for the selected currency is waiting',
      check: (sut, world) => noLimitsWaitingFor(sut, currencyOf(world)),
    },
  };
  return Object.fromEntries(
    (Object.keys(base) as LimitsState[]).map((state) => {
      const extra = more[state];
      const oracle: Oracle<S> = extra
        ? {
            asserts: `${base[state].asserts}; ${extra.asserts}`,
            async check(sut, world) {
              await base[state].check(sut, world);
              await extra.check(sut, world);
            },
          }
        : base[state];
      return [`#${game}.limits.${state}`, oracle];
    }),
  );
}
