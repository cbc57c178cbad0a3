import { lazy } from 'react';
import type { ComponentType } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

const loaders: Array<() => Promise<unknown>> = [];

/**
 * A modal's form as a chunk of its own. Once its chunk has arrived it renders at once, without
 * suspending (React takes a thenable that calls back synchronously), so an opened modal never
 * shows an empty frame first; before that, the frame and its title show while the chunk loads.
 */
export function lazyModal<P extends object>(load: Loader<P>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchIt = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  loaders.push(fetchIt);
  return lazy(() => {
    if (loaded) {
      const component = loaded;
      return { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: component }) } as Promise<{ default: ComponentType<P> }>;
    }
    return fetchIt().then((component) => ({ default: component }));
  });
}

/** Fetches every modal's chunk: the app calls it once the first page is up and the browser is idle. */
export function preloadModals(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}

/** After the page has loaded and the main thread is free, so it never competes with the first paint. */
export function preloadModalsWhenIdle(): void {
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5_000 }) : setTimeout(run, 2_000);
  const start = () => whenIdle(() => void preloadModals().catch(() => undefined));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
