import { render } from '@testing-library/react';
import { App } from '../../src/app/App';
import { createTestHistory } from '../../src/app/router';
import { fakeHub, paintedAtOnce, simulatedClock } from '../support/fakeHub';
import { memoryStorage } from '../support/fakeApi';

/**
 * Renders the whole app at `path` as a component test sees it: the fake API's fetch, an in-memory
 * storage, a fake hub and a simulated clock. Nothing reaches the network, and no delay passes until
 * the test calls `clock.advance`.
 */
export function renderApp(
  path: string,
  options: { fetch: typeof globalThis.fetch; storage?: Storage; viewportWidth?: number; startMs?: number },
) {
  const hub = fakeHub();
  const clock = simulatedClock(options.startMs);
  const history = createTestHistory(path);
  const storage = options.storage ?? memoryStorage();
  const view = render(
    <App
      history={history}
      viewportWidth={options.viewportWidth ?? 1280}
      dependencies={{ fetch: options.fetch, storage, apiBase: '/api', hub: hub.connect, firstPaint: paintedAtOnce, clock: clock.clock }}
    />,
  );
  return { ...view, history, hub, clock, storage };
}
