import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/theme.css';

async function start() {
  // The Stately inspector is a dev-only tool, loaded on demand with ?inspect; the production bundle has no trace of it.
  let inspect: ((event: unknown) => void) | undefined;
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect as (event: unknown) => void;
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App inspect={inspect} />
    </StrictMode>,
  );
}

void start();
