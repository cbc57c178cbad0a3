/**
 * What TanStack Router does with the page's scroll after each navigation when its scroll restoration is
 * off, as the app's router has it (`scrollRestoration: false`, router.tsx): the build puts this module in
 * place of router-core's scroll-restoration.js (vite.config.ts, `routerSwaps`). router-core imports that
 * file whatever the option says, and most of it (the positions remembered per page in sessionStorage,
 * the scroll listeners, the restore) only runs with the option on; this is the rest, line for line:
 * after a navigation that resets the scroll (the default), the window and any `scrollToTopSelectors`
 * element go to the top, and a location with a hash scrolls its element into view. 0.8 KiB of the first
 * page (docs/performance.md). Turning scroll restoration on means removing the swap: setting it here throws.
 */

interface ScrollLocation {
  hash: string;
  href: string;
  state: { __TSR_key?: string; __hashScrollIntoViewOptions?: boolean | ScrollIntoViewOptions };
}

interface ScrollRouter {
  isServer: boolean;
  options: {
    scrollRestoration?: unknown;
    scrollRestorationBehavior?: ScrollBehavior;
    scrollToTopSelectors?: Array<string | (() => Element | null | undefined)>;
  };
  /** router-core's own flags: n, reset the scroll after this navigation; h, it was a push or replace; r, set up. */
  _scroll: { n: boolean; h?: boolean; r?: boolean };
  subscribe(event: 'onRendered', listener: (event: { toLocation: ScrollLocation }) => void): unknown;
}

/** router-core's export of the same name (its index re-exports it); nothing of the app reads it. */
export const storageKey = 'tsr-scroll-restoration-v1_3';

export const defaultGetScrollRestorationKey = (location: ScrollLocation) => location.state.__TSR_key || location.href;

/** Without scroll restoration no position is remembered. */
export function getElementScrollRestorationEntry(): undefined {
  return undefined;
}

function elementOf(selector: string | (() => Element | null | undefined)): Element | null | undefined {
  try {
    return typeof selector === 'function' ? selector() : document.querySelector(selector);
  } catch {
    return undefined;
  }
}

export function setupScrollRestoration(router: ScrollRouter, force?: boolean): void {
  if (force ?? router.options.scrollRestoration) {
    throw new Error('scroll restoration is not in this build: remove the routerScroll swap in vite.config.ts to turn it on');
  }
  const scroll = router._scroll;
  if (router.isServer || scroll.r) return;
  scroll.r = true;
  router.subscribe('onRendered', ({ toLocation }) => {
    const { scrollRestorationBehavior: behavior, scrollToTopSelectors } = router.options;
    const reset = scroll.n;
    scroll.n = true;
    scroll.h = false;
    const hash = toLocation.hash;
    const intoView = toLocation.state.__hashScrollIntoViewOptions ?? true;
    if (reset && !hash) {
      const top = { top: 0, left: 0, behavior };
      scrollTo(top);
      for (const selector of scrollToTopSelectors ?? []) if (selector !== 'window') elementOf(selector)?.scrollTo(top);
    }
    if (hash && intoView) document.getElementById(hash)?.scrollIntoView(intoView);
  });
}
