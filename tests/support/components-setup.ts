import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadModals } from '../../src/app/components/modals/lazyModals';

// jsdom lacks layout APIs that the shell's scroll effect calls; the browser tests cover the real thing.
Element.prototype.scrollTo = function scrollTo() {};
window.scrollTo = () => {};

// The browser fetches the modals' chunks once the first page is idle (main.tsx), and a route's chunk
// on intent; here every chunk is loaded (transformed) once up front, so no test's first wait pays for it.
beforeAll(async () => {
  await import('../../src/app/components/modals/ModalHost');
  const { pages } = await import('../../src/app/routes/pages');
  await Promise.all([preloadModals(), ...Object.values(pages).map((page) => page.preload?.())]);
}, 60_000);

afterEach(() => {
  cleanup();
  document.body.className = '';
});
