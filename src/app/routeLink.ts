/**
 * In place of TanStack Router's link.js where its route.js imports it (vite.config.ts, `routerSwaps`):
 * route.js gives every route object a `Route.Link` made from the library's <Link>, so with it the whole
 * Link came with the first page's routes, though the app never uses `Route.Link` and renders its own
 * links (components/ui/Link.tsx). The library's <Link> itself is untouched for anyone who imports it.
 */
export function Link(): never {
  throw new Error('Route.Link is not in this build: render components/ui/Link.tsx');
}
