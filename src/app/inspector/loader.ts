/**
 * The only part of the designers' inspector in the players' bundle: it decides whether the
 * inspector is wanted, and only then loads a small chunk (inspectorStart.ts) that asks the server
 * and loads the inspector's own chunk. A player's page (no `?inspector`) does neither.
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

/** An inspect callback for the actors of this tab, or null when no designer asked for the inspector. */
export function designerInspector(): Sink | null {
  if (!import.meta.env.DEV && !wanted()) return null;
  let buffer: unknown[] | null = [];
  let target: Sink | null = null;
  void (async () => {
    const { startInspectorIfAllowed } = await import('./inspectorStart');
    const sink = await startInspectorIfAllowed({ open: wanted() });
    if (sink) for (const event of buffer ?? []) sink(event);
    buffer = null;
    target = sink;
  })();
  return (event) => {
    if (target) target(event);
    else if (buffer && buffer.length < MAX_BUFFERED) buffer.push(event);
  };
}
