import { createElement, lazy, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

const loaders: Array<() => Promise<unknown>> = [];
const partLoaders: Array<() => Promise<unknown>> = [];
/** Whether the frame's lazy parts are wanted yet (preloadParts has been called); they render nothing before. */
let partsWanted = false;
const partsListeners = new Set<() => void>();
const subscribeToParts = (listener: () => void) => {
  partsListeners.add(listener);
  return () => void partsListeners.delete(listener);
};
const arePartsWanted = () => partsWanted;

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
 * header menus, the welcome panel) as a chunk of its own, rendered under a `<Suspense fallback={null}>`.
 * It renders nothing, and fetches nothing, until the parts are wanted (preloadParts): the app asks for
 * them once the page's screen has painted, when a modal opens, or at once for a player signed in earlier.
 */
export function lazyPart<P extends object>(load: Loader<P>): ComponentType<P> {
  const Part = lazyComponent(load, partLoaders);
  return function WhenWanted(props: P) {
    return useSyncExternalStore(subscribeToParts, arePartsWanted, arePartsWanted) ? createElement(Part, props) : null;
  };
}

/** Fetches the frame's lazy parts and lets them render from then on. */
export function preloadParts(): Promise<unknown> {
  if (!partsWanted) {
    partsWanted = true;
    for (const listener of partsListeners) listener();
  }
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
