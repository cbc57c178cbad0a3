import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link } from '../../src/app/components/ui/Link';

/**
 * The app's links (components/ui/Link.tsx) do what TanStack Router's <Link> did with the same props: the
 * page's address, the router opening it on a plain click only, the open page's link marked, and the
 * page preloaded when a person shows the intent to open it. A router of four pages, as the app's router
 * is set up (intent preloading after the default 50 ms).
 */
function renderLinks(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <nav aria-label="Links">
          <Link to="/" className="link" activeProps={{ className: 'open' }} activeOptions={{ exact: true }}>
            Home
          </Link>
          <Link to="/dice" className="link" activeProps={{ className: 'open' }}>
            Dice
          </Link>
          <Link to="/token" onClick={(event) => event.preventDefault()}>
            Token
          </Link>
          <Link to="/bet/$betId" params={{ betId: '42' }} data-kind="bet">
            Bet 42
          </Link>
        </nav>
        <Outlet />
      </>
    ),
  });
  const page = (pagePath: string, title: string) => createRoute({ getParentRoute: () => root, path: pagePath, component: () => <h1>{title}</h1> });
  const router = createRouter({
    routeTree: root.addChildren([page('/', 'Home'), page('/dice', 'Dice'), page('/token', 'Token'), page('/bet/$betId', 'Bet')]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPreload: 'intent',
  });
  const preloads = vi.spyOn(router, 'preloadRoute');
  render(<RouterProvider router={router} />);
  return { router, preloads };
}

const link = (name: string) => screen.getByRole('link', { name });
const waitMs = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

describe('a link to a page of the app', () => {
  it('should carry its page address, with the values of the path parameters', async () => {
    renderLinks('/');
    await screen.findByRole('heading', { name: 'Home' });
    expect(link('Dice').getAttribute('href')).toBe('/dice');
    expect(link('Bet 42').getAttribute('href')).toBe('/bet/42');
    expect(link('Bet 42').getAttribute('data-kind')).toBe('bet');
  });

  it('should open its page on a plain click, and leave a modified click or a page handler that prevented it to the browser', async () => {
    const { router } = renderLinks('/');
    await screen.findByRole('heading', { name: 'Home' });
    // fireEvent answers false when a handler prevented the default action (the browser's navigation).
    expect(fireEvent.click(link('Dice'), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link('Dice'), { button: 1 })).toBe(true);
    expect(fireEvent.click(link('Token'))).toBe(false);
    await waitMs(0);
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      expect(fireEvent.click(link('Dice'))).toBe(false);
    });
    expect(await screen.findByRole('heading', { name: 'Dice' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dice');
  });

  it('should mark the link of the open page, and the exact home link only on / itself', async () => {
    renderLinks('/dice');
    await screen.findByRole('heading', { name: 'Dice' });
    expect(link('Dice').getAttribute('aria-current')).toBe('page');
    expect(link('Dice').getAttribute('data-status')).toBe('active');
    expect(link('Dice').className).toBe('link open');
    expect(link('Home').getAttribute('aria-current')).toBeNull();
    expect(link('Home').className).toBe('link');
    await act(async () => {
      fireEvent.click(link('Home'));
    });
    await screen.findByRole('heading', { name: 'Home' });
    expect(link('Home').getAttribute('aria-current')).toBe('page');
    expect(link('Home').className).toBe('link open');
    expect(link('Dice').getAttribute('aria-current')).toBeNull();
  });

  it('should preload the page when the pointer rests on the link, or at once on a touch, not when it passes by', async () => {
    const { preloads } = renderLinks('/');
    await screen.findByRole('heading', { name: 'Home' });
    fireEvent.mouseEnter(link('Dice'));
    fireEvent.mouseLeave(link('Dice'));
    await waitMs(120);
    expect(preloads).not.toHaveBeenCalled();
    fireEvent.mouseEnter(link('Dice'));
    await waitMs(120);
    expect(preloads).toHaveBeenCalledTimes(1);
    expect(preloads.mock.calls[0]![0]).toMatchObject({ to: '/dice' });
    fireEvent.touchStart(link('Bet 42'));
    expect(preloads).toHaveBeenCalledTimes(2);
    expect(preloads.mock.calls[1]![0]).toMatchObject({ to: '/bet/$betId', params: { betId: '42' } });
  });
});
