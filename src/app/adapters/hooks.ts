import { useEffect } from 'react';
import { useMatches, useRouter } from '@tanstack/react-router';
import type { ShellRef } from '../actors/AppActor';

/*
 * The listed adapter hooks: the only hooks in src/app that touch the DOM or the router. Each one
 * turns a browser happening into an event for a machine and decides nothing itself.
 * The game screens' and the bets feed's hooks are in screenHooks.ts, so they load with those screens,
 * and the modals' in modalHooks.ts, which loads with the modal host.
 */

/** Window width → shell (the sidebar follows the 768 px breakpoint). */
export function useViewportEvents(shell: ShellRef): void {
  useEffect(() => {
    const onResize = () => shell.send({ type: 'viewport.resized', width: window.innerWidth });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [shell]);
}

/** Finished navigations → shell (close the phone sidebar, scroll to top after 200 ms). */
export function useNavigationEvents(shell: ShellRef): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) shell.send({ type: 'router.navigated', pathname: event.toLocation.pathname });
      }),
    [router, shell],
  );
}

/** The deepest route's title becomes the document's ("Dice · ACC Casino"), so tabs and history tell pages apart. */
export const DOCUMENT_TITLE_SUFFIX = 'ACC Casino';
export function useDocumentTitle(): void {
  const title = useMatches({
    select: (matches) => [...matches].reverse().find((match) => match.staticData?.title)?.staticData.title,
  });
  useEffect(() => {
    document.title = title ? `${title} · ${DOCUMENT_TITLE_SUFFIX}` : `${DOCUMENT_TITLE_SUFFIX} — provably fair`;
  }, [title]);
}
