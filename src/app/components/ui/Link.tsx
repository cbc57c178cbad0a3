import { useRef } from 'react';
import type { AnchorHTMLAttributes, FocusEvent, MouseEvent, TouchEvent } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { RegisteredRouter } from '@tanstack/react-router';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { [data: `data-${string}`]: string | undefined };

export interface LinkProps extends AnchorProps {
  /** A path of the app's routes (router.tsx), as TanStack's Link takes it. */
  to: keyof RegisteredRouter['routesByPath'] & string;
  /** The values of the path's $parameters (`/bet/$betId`). */
  params?: Record<string, string>;
  /** Merged into the anchor's props while the link's page is open (a className is added to the link's). */
  activeProps?: AnchorProps;
  /** exact: open only on this very path with no query, not on the pages under it. */
  activeOptions?: { exact?: boolean };
}

/**
 * A link to a page of the app: an <a> with the page's address, opened by the router on a plain click, whose
 * page the router preloads on hover, focus or touch (`defaultPreload: 'intent'`, router.tsx). It does what
 * TanStack Router's <Link> does with the props the app gives it, and no more: that Link (1.6 KiB gzipped,
 * with render props, masks, view transitions, viewport preloading and external links) was the largest
 * part of the router on the first page (docs/performance.md). As with it, while its page is open the link
 * carries `data-status="active"` and `aria-current="page"`, and a modified click, another target or a
 * handler that prevented the default are left to the browser.
 */
export function Link({ to, params, activeProps, activeOptions, className, onClick, onFocus, onBlur, onMouseEnter, onMouseLeave, onTouchStart, ...anchor }: LinkProps) {
  const router = useRouter();
  const current = useRouterState({ select: (state) => state.location });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const options = { to, params } as Parameters<typeof router.navigate>[0];
  const next = router.buildLocation(options);
  const href = router.history.createHref(next.publicHref) || '/';
  // TanStack's rule: the path itself or (not exact) a page under it; exact also wants no query.
  const path = current.pathname;
  const active = activeOptions?.exact
    ? path === next.pathname && Object.keys(current.search).length === 0
    : path.startsWith(next.pathname) && (path.length === next.pathname.length || path[next.pathname.length] === '/');
  const intent = router.options.defaultPreload === 'intent';
  const delay = router.options.defaultPreloadDelay ?? 0;

  const preload = () => void router.preloadRoute(options).catch((error: unknown) => console.warn(error));
  const soon = () => {
    if (!intent) return;
    if (!delay) preload();
    else
      timer.current ??= setTimeout(() => {
        timer.current = undefined;
        preload();
      }, delay);
  };
  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = anchor.target ?? event.currentTarget.getAttribute('target');
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || event.button !== 0 || (target && target !== '_self')) return;
    event.preventDefault();
    cancel();
    void router.navigate(options);
  };
  // The page's own handler first; one that prevents the default stops the link's (TanStack's composeHandlers).
  const after =
    <E extends MouseEvent<HTMLAnchorElement> | FocusEvent<HTMLAnchorElement> | TouchEvent<HTMLAnchorElement>>(own: ((event: E) => void) | undefined, link: (event: E) => void) =>
    (event: E) => {
      if (event.defaultPrevented) return;
      own?.(event);
      if (!event.defaultPrevented) link(event);
    };

  return (
    <a
      {...anchor}
      {...(active ? { ...activeProps, 'data-status': 'active', 'aria-current': 'page' as const } : {})}
      className={[className, active ? activeProps?.className : undefined].filter(Boolean).join(' ') || undefined}
      href={href}
      onClick={after(onClick, open)}
      onFocus={after(onFocus, soon)}
      onMouseEnter={after(onMouseEnter, soon)}
      onBlur={after(onBlur, cancel)}
      onMouseLeave={after(onMouseLeave, cancel)}
      onTouchStart={after(onTouchStart, () => intent && preload())}
    />
  );
}
