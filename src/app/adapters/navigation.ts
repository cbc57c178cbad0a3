import type { AnyRouter } from '@tanstack/react-router';

/**
 * The navigation effects machines name (auth's `leaveProtectedRoute`). The router is created after
 * the app actor, so it is attached here once it exists.
 */
export function createNavigationAdapter() {
  let router: AnyRouter | null = null;
  return {
    attach(next: AnyRouter) {
      router = next;
    },
    /** On logout from a login-only route (staticData.requiresAuth) the player goes to / (docs/product.md §2). */
    leaveProtectedRoute() {
      if (!router) return;
      const onProtectedRoute = router.state.matches.some(
        (match) => (match.staticData as { requiresAuth?: boolean } | undefined)?.requiresAuth === true,
      );
      if (onProtectedRoute) void router.navigate({ to: '/', replace: true });
    },
    /** Stop playing after a reality check (machines/preferences): the home page. */
    goHome() {
      if (router) void router.navigate({ to: '/' });
    },
  };
}

export type NavigationAdapter = ReturnType<typeof createNavigationAdapter>;
