import { lazy } from 'react';
import type { ComponentType } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

const loaders: Array<() => Promise<unknown>> = [];
const partLoaders: Array<() => Promise<unknown>> = [];

/**
 * A component in a chunk of its own. Once its chunk has arrived it renders at once, without
 * suspending (React takes a thenable that calls back synchronously); before that it suspends.
 */
function lazyComponent<P extends object>(load: Loader<P>, registry: Array<() => Promise<unknown>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchIt = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  registry.push(fetchIt);
  return lazy(() => {
    if (loaded) {
      const component = loaded;
      return { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: component }) } as Promise<{ default: ComponentType<P> }>;
    }
    return fetchIt().then((component) => ({ default: component }));
  });
}

/**
 * A modal's form as a chunk of its own. Once its chunk has arrived it renders at once, so an opened
 * modal never shows an empty frame first; before that, the frame and its title show while the chunk loads.
 */
export function lazyModal<P extends object>(load: Loader<P>): ComponentType<P> {
  return lazyComponent(load, loaders);
}

/**
 * A part of the frame that the first paint of a page does not show (the modal host, the signed-in
 * header menus) as a chunk of its own, rendered under a `<Suspense fallback={null}>`: the app fetches
 * it as soon as the first page has rendered (preloadParts), so it is there before it is needed.
 */
export function lazyPart<P extends object>(load: Loader<P>): ComponentType<P> {
  return lazyComponent(load, partLoaders);
}

/** Fetches the frame's lazy parts: the app calls it right after the first render. */
export function preloadParts(): Promise<unknown> {
  return Promise.all(partLoaders.map((load) => load()));
}

/** Fetches every modal's chunk (after the modal host's, which declares them): the app calls it once the first page is idle. */
export function preloadModals(): Promise<unknown> {
  return preloadParts().then(() => Promise.all(loaders.map((load) => load())));
}

/** After the page has loaded and the main thread is free, so it never competes with the first paint. */
export function preloadModalsWhenIdle(): void {
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5_000 }) : setTimeout(run, 2_000);
  const start = () => whenIdle(() => void preloadModals().catch(() => undefined));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
