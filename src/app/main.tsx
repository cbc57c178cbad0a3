import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { designerInspector } from './inspector/loader';
import { preloadModalsWhenIdle, preloadParts } from './components/modals/lazyModals';
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
  createRoot(root).render(
    <StrictMode>
      <App inspect={inspect} />
    </StrictMode>,
  );
  // The modal host, the signed-in header menus and the welcome panel are not on the first paint: fetched at once, beside it.
  void preloadParts().catch(() => undefined);
  preloadModalsWhenIdle();
}

void start();
