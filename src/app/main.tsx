import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { designerInspector } from './inspector/loader';
import { preloadModalsWhenIdle, preloadParts } from './components/modals/lazyModals';
import { createSessionStore } from './adapters/storage';
import './styles/theme.css';

async function start() {
  // The Stately inspector is a dev-only tool, loaded on demand with ?inspect; the production bundle has no trace of it.
  const inspectors: Array<(event: unknown) => void> = [];
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    // The catalog gives the first page's machines their states' descriptions (machines/shared/descriptions.ts).
    const [{ createBrowserInspector }] = await Promise.all([import('@statelyai/inspect'), import('../../machines/catalog')]);
    inspectors.push(createBrowserInspector().inspect as (event: unknown) => void);
  }
  // The designers' offline inspector (?inspector): in development, or where the server allows it.
  const designer = designerInspector();
  if (designer) inspectors.push(designer);
  const inspect = inspectors.length ? (event: unknown) => inspectors.forEach((sink) => sink(event)) : undefined;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The modal host, the signed-in header menus and the welcome panel are not on the first paint. A
  // visitor's page fetches them once its own screen has painted, so they do not delay it, or when a
  // modal opens before; a player signed in earlier gets them at once, beside the first paint, so the
  // header's menus come as soon as the wallet runs.
  const fetchParts = () => void preloadParts().catch(() => undefined);
  const stored = createSessionStore(window.localStorage).read();
  if (stored.accessToken !== null || stored.refreshToken !== null) fetchParts();
  const onScreenPainted = () => {
    fetchParts();
    preloadModalsWhenIdle();
  };
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App inspect={inspect} dependencies={{ onScreenPainted, onModalOpened: fetchParts }} />
      </StrictMode>,
    ),
  );
}

void start();
