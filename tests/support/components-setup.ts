import net from 'node:net';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { preloadModals } from '../../src/app/components/modals/lazyModals';

// jsdom lacks layout APIs that the shell's scroll effect calls; the browser tests cover the real thing.
Element.prototype.scrollTo = function scrollTo() {};
window.scrollTo = () => {};

/*
 * Component tests are hermetic: the app gets a fake API (tests/support/fakeApi.ts) and a fake hub
 * (tests/support/fakeHub.ts) through its dependencies, so any real connection is a test that forgot
 * one, or app code that went around its dependencies. Each attempt is refused where it is made (the
 * app sees a network failure) and fails the running test once it ends, because the app may swallow
 * the failure and a test must not pass on it.
 */
const attempts: string[] = [];
const refuse = (what: string): Error => {
  const message = `component tests open no network connection: ${what} (give the app a fake through its dependencies)`;
  attempts.push(message);
  return new TypeError(message);
};

globalThis.fetch = (async (input: RequestInfo | URL) => {
  throw refuse(`fetch(${String(input instanceof Request ? input.url : input)})`);
}) as typeof globalThis.fetch;

class RefusedWebSocket {
  constructor(url: string | URL) {
    throw refuse(`new WebSocket(${String(url)})`);
  }
}
class RefusedEventSource {
  constructor(url: string | URL) {
    throw refuse(`new EventSource(${String(url)})`);
  }
}
for (const scope of [globalThis, window] as Array<Record<string, unknown>>) {
  scope.WebSocket = RefusedWebSocket;
  scope.EventSource = RefusedEventSource;
}
window.XMLHttpRequest.prototype.open = function open(method: string, url: string | URL) {
  throw refuse(`XMLHttpRequest ${method} ${String(url)}`);
};
// Below the browser APIs, Node's own sockets (http, undici, ws all connect through net.Socket).
net.Socket.prototype.connect = function refusedConnect(...args: unknown[]) {
  // Node passes its normalized arguments as one array: [options, listener].
  const target = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { host?: string; port?: number; path?: string } | number | string;
  const where = typeof target === 'object' ? (target.path ?? `${target.host ?? 'localhost'}:${target.port}`) : String(target);
  throw refuse(`a socket to ${where}`);
} as typeof net.Socket.prototype.connect;

// The browser fetches the modals' chunks once the first page is idle (main.tsx), the live feed's once
// it has painted (the app actor's loadLiveFeed; the tests' app is handed paintedAtOnce, tests/support/fakeHub.ts),
// and a route's chunk on intent; here every chunk is loaded (transformed) once up front, so no test's first wait pays for
// it. The routes are taken from the router's own tree, so no lazy page is missed: a chunk transformed
// on first use takes seconds on a loaded machine, longer than a findBy waits.
beforeAll(async () => {
  await import('../../src/app/components/modals/ModalHost');
  await import('../../src/app/actors/liveFeed');
  const { routeTree } = await import('../../src/app/router');
  const routes = Object.values(routeTree.children ?? {}) as Array<{ options: { component?: { preload?: () => Promise<void> } } }>;
  await Promise.all([preloadModals(), ...routes.map((route) => route.options.component?.preload?.())]);
}, 60_000);

const reportAttempts = () => {
  const made = attempts.splice(0);
  if (made.length) throw new Error(made.join('\n'));
};

afterEach(() => {
  cleanup();
  document.body.className = '';
  reportAttempts();
});

// An attempt made after its test ended (a lazily loaded client connecting late) fails the file.
afterAll(reportAttempts);

// jsdom's Blob (and so File) has no stream(); the /fairness verifier reads a dropped file through it.
// This one hands the bytes over in small pieces, so lines (and characters) arrive split as a real
// stream may split them. Chromium's own stream runs in the e2e tests.
if (typeof Blob.prototype.stream !== 'function') {
  Blob.prototype.stream = function stream(this: Blob) {
    const whole = this.arrayBuffer();
    let bytes: Uint8Array | null = null;
    let at = 0;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        bytes ??= new Uint8Array(await whole);
        if (at >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(at, at + 16));
        at += 16;
      },
    }) as ReturnType<Blob['stream']>;
  };
}
