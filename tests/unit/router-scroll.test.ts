import { setupScrollRestoration as libraryScroll } from '@tanstack/router-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupScrollRestoration as buildScroll } from '../../src/app/routerScroll';

/**
 * The build swaps router-core's scroll-restoration.js for src/app/routerScroll.ts (vite.config.ts). With
 * scroll restoration off, as the app's router has it, both must do the same after each navigation: the
 * same scrolls of the window and of the elements, nothing else.
 */
type Listener = (event: { toLocation: { hash: string; href: string; state: Record<string, unknown> }; fromLocation?: unknown }) => void;

function fakeRouter(options: Record<string, unknown> = {}) {
  const listeners: Listener[] = [];
  return {
    isServer: false,
    options: { scrollRestoration: false, ...options },
    _scroll: { n: true } as { n: boolean; h?: boolean; r?: boolean },
    subscribe: (event: string, listener: Listener) => {
      if (event === 'onRendered') listeners.push(listener);
      return () => undefined;
    },
    render(toLocation: { hash?: string; href?: string; state?: Record<string, unknown> }, reset = true) {
      this._scroll.n = reset;
      for (const listener of listeners) listener({ toLocation: { hash: '', href: '/', state: {}, ...toLocation } });
    },
  };
}

const navigations: Array<{ to: { hash?: string; href?: string; state?: Record<string, unknown> }; reset?: boolean }> = [
  { to: { href: '/dice' } },
  { to: { href: '/mines' }, reset: false },
  { to: { href: '/fairness#verify', hash: 'verify' } },
  { to: { href: '/rtp#table', hash: 'table', state: { __hashScrollIntoViewOptions: false } } },
  { to: { href: '/rtp#table', hash: 'table', state: { __hashScrollIntoViewOptions: { block: 'start' } } }, reset: false },
  { to: { href: '/' } },
];

describe('the scroll after a navigation, in the build and in the library', () => {
  const calls: unknown[][] = [];
  const element = (name: string) => ({
    scrollTo: (options: unknown) => calls.push([name, 'scrollTo', options]),
    scrollIntoView: (options: unknown) => calls.push([name, 'scrollIntoView', options]),
  });

  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal('scrollTo', (options: unknown) => calls.push(['window', 'scrollTo', options]));
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'missing' ? null : element(`#${id}`)),
      querySelector: (selector: string) => element(selector),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  function run(setup: (router: ReturnType<typeof fakeRouter>) => void, options?: Record<string, unknown>) {
    calls.length = 0;
    const router = fakeRouter(options);
    setup(router);
    setup(router); // set up twice (the router does on a new location): one listener all the same
    for (const { to, reset } of navigations) router.render(to, reset);
    return [...calls];
  }

  it('should scroll the window and the elements the same way', () => {
    const library = run((router) => libraryScroll(router as never));
    expect(library.length).toBeGreaterThan(0);
    expect(run((router) => buildScroll(router as never))).toEqual(library);
  });

  it('should scroll the same elements to the top with scrollToTopSelectors and a smooth behaviour', () => {
    const options = { scrollToTopSelectors: ['#main', 'window', () => element('aside')], scrollRestorationBehavior: 'smooth' };
    const library = run((router) => libraryScroll(router as never), options);
    expect(library).toContainEqual(['#main', 'scrollTo', { top: 0, left: 0, behavior: 'smooth' }]);
    expect(run((router) => buildScroll(router as never), options)).toEqual(library);
  });

  it('should refuse to run with scroll restoration on, which only the library does', () => {
    expect(() => buildScroll(fakeRouter({ scrollRestoration: true }) as never)).toThrow(/scroll restoration is not in this build/);
  });
});
