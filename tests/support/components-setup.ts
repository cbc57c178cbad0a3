import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadModals } from '../../src/app/components/modals/lazyModals';

// jsdom lacks layout APIs that the shell's scroll effect calls; the browser tests cover the real thing.
Element.prototype.scrollTo = function scrollTo() {};
window.scrollTo = () => {};

// The browser fetches the modals' chunks once the first page is idle (main.tsx), and a route's chunk
// on intent; here every chunk is loaded (transformed) once up front, so no test's first wait pays for
// it. The routes are taken from the router's own tree, so no lazy page is missed: a chunk transformed
// on first use takes seconds on a loaded machine, longer than a findBy waits.
beforeAll(async () => {
  await import('../../src/app/components/modals/ModalHost');
  const { routeTree } = await import('../../src/app/router');
  const routes = Object.values(routeTree.children ?? {}) as Array<{ options: { component?: { preload?: () => Promise<void> } } }>;
  await Promise.all([preloadModals(), ...routes.map((route) => route.options.component?.preload?.())]);
}, 60_000);

afterEach(() => {
  cleanup();
  document.body.className = '';
});
