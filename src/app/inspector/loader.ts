import { API_BASE } from '../config';

/**
 * The only part of the designers' inspector in the players' bundle: it decides whether the
 * inspector is wanted, and only then asks the server and loads the inspector's own chunk.
 * A player's page (no `?inspector`) does neither.
 */

type Sink = (event: unknown) => void;

/** Events of the first moments, kept while the server is asked and the chunk loads. */
const MAX_BUFFERED = 5_000;

/**
 * Asked on each full page load, not remembered: the server allows the inline styles of the charts
 * only on a page opened with `?inspector` (src/server/plugins/securityHeaders.ts). Moving between
 * screens inside the app keeps the open inspector.
 */
function wanted(): boolean {
  return new URLSearchParams(window.location.search).has('inspector');
}

/** Development always allows it; a production server allows it with INSPECTOR=1 (GET /api/inspector). */
async function allowed(): Promise<boolean> {
  if (import.meta.env.DEV) return true;
  try {
    const response = await fetch(`${API_BASE.replace(/\/$/, '')}/inspector`, { headers: { accept: 'application/json' } });
    return response.ok && ((await response.json()) as { enabled?: unknown }).enabled === true;
  } catch {
    return false;
  }
}

/** An inspect callback for the actors of this tab, or null when no designer asked for the inspector. */
export function designerInspector(): Sink | null {
  if (!import.meta.env.DEV && !wanted()) return null;
  let buffer: unknown[] | null = [];
  let target: Sink | null = null;
  void (async () => {
    if (!(await allowed())) {
      buffer = null;
      console.warn('The statechart inspector is off on this server (INSPECTOR=1 turns it on).');
      return;
    }
    const { startInspector } = await import('./start');
    const sink = await startInspector({ open: wanted() });
    for (const event of buffer ?? []) sink(event);
    buffer = null;
    target = sink;
  })();
  return (event) => {
    if (target) target(event);
    else if (buffer && buffer.length < MAX_BUFFERED) buffer.push(event);
  };
}
