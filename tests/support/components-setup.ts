import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks layout APIs that the shell's scroll effect calls; the browser tests cover the real thing.
Element.prototype.scrollTo = function scrollTo() {};
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  document.body.className = '';
});
